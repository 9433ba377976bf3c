import type { OperationSpec } from '../../registry/define.js';
import { sendRequest } from '../client/call.js';
import { defaultRetryOptions, type RetryOptions } from '../client/retry.js';
import { redactProxyUrl } from '../client/proxy-route.js';
import type { HttpRequest } from '../client/transport.js';
import type { GlobalOptions, Target } from '../config/target.js';
import type { OperationInput } from '../input/operation-input.js';
import type { Context } from '../core/context.js';
import { debugHooks, formatRequest } from '../core/debug-trace.js';
import { afterSending } from '../errors.js';
import type { PageBounds } from './paginate.js';
import type { Presenter, TerminalView } from '../core/presenter.js';
import { reportResult } from './report.js';

/** A request ready to leave, and what to do around it. */
export interface Dispatch {
  /** The operation the response is read against (`svc api` passes one that accepts any JSON). */
  op: OperationSpec;
  input: OperationInput;
  request: HttpRequest;
  target: Target;
  globals: GlobalOptions;
  presenter: Presenter;
  view?: TerminalView;
  /** Runs once nothing stands between the request and the network (a confirmation). */
  beforeSend?(): Promise<void>;
  /** Runs with a successful answer's data before it is printed (`--save-html`). */
  onSuccess?(data: unknown): Promise<void>;
  /** `svc api -i`: the status and headers too, on stderr or in an envelope (src/cli/include.ts). */
  include?: { envelope: boolean };
  /** `--paginate`: every page is read (src/cli/paginate.ts, loaded only then). */
  pages?: PageBounds;
}

/**
 * The shared tail of every command that calls the API: `--dry-run` prints the request instead,
 * `--debug` traces each attempt, idempotent requests are retried by the profile's policy, and the
 * answer is reported (or turned into the one error) the same way. Output is redacted by ctx.io.
 */
export async function dispatch(ctx: Context, d: Dispatch): Promise<void> {
  const { credential } = d.target;
  if (d.globals.dryRun) {
    ctx.io.out(formatRequest(d.request));
    if (!credential) ctx.io.err('svc: note: no credential is set, so the service would answer 401\n');
    if (d.target.route.proxy) ctx.io.err(`svc: note: it would go through the proxy ${redactProxyUrl(d.target.route.proxy)} (${d.target.route.reason})\n`);
    return;
  }
  await d.beforeSend?.();
  const hooks = d.globals.debug ? { ...debugHooks((text) => ctx.io.err(text), credential?.source, ctx.secrets?.redact, d.target.route), ...(ctx.clock ? { now: () => ctx.clock!.now() } : {}) } : {};
  if (d.pages) return (await import('./paginate.js')).dispatchPages(ctx, { ...d, pages: d.pages }, { send: ctx.send, hooks, retry: retryPolicy(ctx, d.target) });
  const result = await sendRequest(d.op, d.request, ctx.send, hooks, retryPolicy(ctx, d.target));
  const enveloped = d.include && result.status > 0 ? await (await import('./include.js')).showIncluded(ctx, result, d.include.envelope, d.presenter) : false;
  if (!result.ok) return reportResult(ctx, { op: d.op, input: d.input, result, presenter: d.presenter });
  if (enveloped) return;
  try {
    // A file that cannot be written still leaves the answer to be printed: the user learns what happened.
    const saved = await d.onSuccess?.(result.data).then(() => undefined, (error: unknown) => error);
    await reportResult(ctx, { op: d.op, input: d.input, result, presenter: d.presenter, view: d.view, strict: d.globals.strict === true });
    if (saved !== undefined) throw saved;
  } catch (error) {
    throw afterSending(error, `the ${d.request.method} was sent and answered HTTP ${result.status}`);
  }
}

/** The profile's retry policy (src/client/retry.ts): single calls and batch lines alike. */
export function retryPolicy(ctx: Context, target: Target): RetryOptions {
  return {
    ...defaultRetryOptions,
    retries: target.retries,
    baseDelayMs: target.retryBaseMs ?? defaultRetryOptions.baseDelayMs,
    clock: ctx.clock ?? defaultRetryOptions.clock,
  };
}

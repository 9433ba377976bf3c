import { redactProxyUrl } from '../proxy-url.js';
import { durationWords } from '../config/durations.js';
import type { HttpRequest } from '../client/transport.js';
import type { GlobalOptions, Target } from '../config/target.js';
import type { Context } from '../core/context.js';
import { formatRequest, traceHooks } from '../core/debug-trace.js';
import type { Presenter, TerminalView } from '../core/presenter.js';
import { requestTargetOf, retryPolicy } from '../core/request-target.js';
import { buildOperationRequest, type PreparedCall, sendOperationRequest } from '../core/run-operation.js';
import type { PageBounds } from './paginate.js';
import { failureError, reportSent } from './report.js';
import type { WaitRequest } from './wait-options.js';

/** An operation ready to run, and what to do around it. */
export interface Dispatch {
  /** The operation the response is read against (`svc api` passes one that accepts any JSON), and its checked input. */
  call: PreparedCall;
  target: Target;
  globals: GlobalOptions;
  presenter: Presenter;
  view?: TerminalView;
  /** Checks the request as built, before anything else is done with it (`svc api`: it stays under the base URL). */
  checkRequest?(request: HttpRequest): void;
  /** Runs once nothing stands between the request and the network (a confirmation). */
  confirm?(): Promise<void>;
  /** Runs with a successful answer's data before it is printed (`--save-html`). */
  onSuccess?(data: unknown): Promise<void>;
  /** `svc api -i`: the status and headers too, on stderr or in an envelope (src/cli/include.ts). */
  include?: { envelope: boolean };
  /** `--paginate`: every page is read (src/cli/paginate.ts, loaded only then). */
  pages?: PageBounds;
  /** `--wait-for`: the request is sent again until its condition holds (src/cli/wait.ts, loaded only then). */
  wait?: WaitRequest;
}

/** What dispatch uses of the context: the streams, the transport (one of its own for --paginate), the secrets, the stop signal and the clock of retries and traces. */
export type DispatchDeps = Pick<Context, 'io' | 'send' | 'createTransport' | 'secrets' | 'signal' | 'clock'>;

/**
 * The CLI's tail of every command that calls the API, in the core's steps: the request is built,
 * checked, then printed instead (`--dry-run`) or confirmed and sent (retried by the profile's
 * policy, `--debug` tracing each attempt), or read page by page (`--paginate`); the answer is
 * printed, or its failure becomes the one error. Output is redacted by ctx.io.
 */
export async function dispatch(ctx: DispatchDeps, d: Dispatch): Promise<void> {
  const trace = traceHooks(ctx, d.target, d.globals.debug);
  const retry = retryPolicy(ctx, d.target);
  const deps = { send: ctx.send, secrets: ctx.secrets, signal: ctx.signal, target: requestTargetOf(d.target, ctx.signal), retry, hooks: trace };
  const request = buildOperationRequest(deps, d.call);
  d.checkRequest?.(request);
  if (d.globals.dryRun) return printDryRun(ctx, d.target, request, d.wait);
  await d.confirm?.();
  if (d.wait) {
    const { op, input } = d.call;
    const shown = { op, input, presenter: d.presenter, view: d.view, strict: d.globals.strict === true, onSuccess: d.onSuccess };
    const waited = { ...shown, request, wait: d.wait, debug: d.globals.debug === true, rate: d.wait.rate ?? d.target.rate };
    // Polls are sent one after another: one connection is enough.
    const send = ctx.createTransport?.({ connections: 1 }) ?? ctx.send;
    return (await import('./wait.js')).dispatchWait(ctx, waited, { ...deps, send, retry, hooks: trace });
  }
  if (d.pages) {
    const paged = { op: d.call.op, request, globals: d.globals, presenter: d.presenter, pages: d.pages, rate: d.pages.rate ?? d.target.rate };
    // Pages are read one after another: one connection is enough.
    const send = ctx.createTransport?.({ connections: 1 }) ?? ctx.send;
    return (await import('./paginate.js')).dispatchPages(ctx, paged, { send, hooks: trace, retry });
  }
  const outcome = await sendOperationRequest(deps, d.call.op, request);
  const enveloped =
    d.include && outcome.result.status > 0 ? await (await import('./include.js')).showIncluded(ctx, outcome.result, d.include.envelope, d.presenter) : false;
  if (outcome.failure) throw failureError(outcome.failure);
  if (enveloped) return;
  const { op, input } = d.call;
  const shown = { op, input, presenter: d.presenter, view: d.view, strict: d.globals.strict === true, onSuccess: d.onSuccess };
  await reportSent(ctx, { ...shown, request, result: outcome.result });
}

/** `--dry-run`: the request on stdout, and on stderr what would happen to it. */
function printDryRun(ctx: Pick<Context, 'io'>, target: Target, request: HttpRequest, wait: WaitRequest | undefined): void {
  ctx.io.out(formatRequest(request));
  if (wait) ctx.io.err(`svc: note: with --wait-for, it would be sent again until ${wait.plan.until.text}, for at most ${durationWords(wait.plan.timeoutMs)}\n`);
  if (!target.credential) ctx.io.err('svc: note: no credential is set, so the service would answer 401\n');
  if (target.route.proxy) ctx.io.err(`svc: note: it would go through the proxy ${redactProxyUrl(target.route.proxy)} (${target.route.reason})\n`);
}

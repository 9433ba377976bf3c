import { redactProxyUrl } from '../proxy-url.js';
import type { HttpRequest } from '../client/transport.js';
import type { GlobalOptions, Target } from '../config/target.js';
import type { Context } from '../core/context.js';
import { formatRequest, traceHooks } from '../core/debug-trace.js';
import type { Presenter, TerminalView } from '../core/presenter.js';
import { requestTargetOf, retryPolicy } from '../core/request-target.js';
import { type OperationHooks, type PreparedCall, runOperation } from '../core/run-operation.js';
import { afterSending } from '../errors.js';
import type { PageBounds } from './paginate.js';
import { failureError, reportResult } from './report.js';

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
  beforeSend?(): Promise<void>;
  /** Runs with a successful answer's data before it is printed (`--save-html`). */
  onSuccess?(data: unknown): Promise<void>;
  /** `svc api -i`: the status and headers too, on stderr or in an envelope (src/cli/include.ts). */
  include?: { envelope: boolean };
  /** `--paginate`: every page is read (src/cli/paginate.ts, loaded only then). */
  pages?: PageBounds;
}

/** What dispatch uses of the context: the streams, the transport (one of its own for --paginate), the secrets, the stop signal and the clock of retries and traces. */
export type DispatchDeps = Pick<Context, 'io' | 'send' | 'createTransport' | 'secrets' | 'signal' | 'clock'>;

/**
 * The CLI's tail of every command that calls the API, around the core's runOperation:
 * `--dry-run` prints the request instead, `--debug` traces each attempt, idempotent requests are
 * retried by the profile's policy, and the answer is printed (or its failure becomes the one
 * error). Output is redacted by ctx.io.
 */
export async function dispatch(ctx: DispatchDeps, d: Dispatch): Promise<void> {
  const trace = traceHooks(ctx, d.target, d.globals.debug);
  const retry = retryPolicy(ctx, d.target);
  // `--paginate`: the first page's request, held back here and read page by page by src/cli/paginate.ts.
  let firstPage: HttpRequest | undefined;
  const hooks: OperationHooks = {
    ...trace,
    async beforeSend(request) {
      d.checkRequest?.(request);
      if (d.globals.dryRun) {
        printDryRun(ctx, d.target, request);
        return false;
      }
      await d.beforeSend?.();
      if (d.pages) firstPage = request;
      return !d.pages;
    },
  };
  const outcome = await runOperation(
    { send: ctx.send, secrets: ctx.secrets, signal: ctx.signal, target: requestTargetOf(d.target, ctx.signal), retry, hooks },
    d.call,
  );
  if (outcome.held) {
    if (!firstPage || !d.pages) return;
    const paged = { op: d.call.op, request: firstPage, globals: d.globals, presenter: d.presenter, pages: d.pages };
    // Pages are read one after another: one connection is enough.
    const send = ctx.createTransport?.({ connections: 1 }) ?? ctx.send;
    return (await import('./paginate.js')).dispatchPages(ctx, { ...paged, rate: d.pages.rate ?? d.target.rate }, { send, hooks: trace, retry });
  }
  const enveloped =
    d.include && outcome.result.status > 0 ? await (await import('./include.js')).showIncluded(ctx, outcome.result, d.include.envelope, d.presenter) : false;
  if (outcome.failure) throw failureError(outcome.failure);
  if (enveloped) return;
  const { result, request } = outcome;
  const { op, input } = d.call;
  try {
    // A file that cannot be written still leaves the answer to be printed: the user learns what happened.
    const saved = await d.onSuccess?.(result.data).then(
      () => undefined,
      (error: unknown) => error,
    );
    await reportResult(ctx, { op, input, result, presenter: d.presenter, view: d.view, strict: d.globals.strict === true });
    if (saved !== undefined) throw saved;
  } catch (error) {
    throw afterSending(error, `the ${request.method} was sent and answered HTTP ${result.status}`);
  }
}

/** `--dry-run`: the request on stdout, and on stderr what would happen to it. */
function printDryRun(ctx: Pick<Context, 'io'>, target: Target, request: HttpRequest): void {
  ctx.io.out(formatRequest(request));
  if (!target.credential) ctx.io.err('svc: note: no credential is set, so the service would answer 401\n');
  if (target.route.proxy) ctx.io.err(`svc: note: it would go through the proxy ${redactProxyUrl(target.route.proxy)} (${target.route.reason})\n`);
}

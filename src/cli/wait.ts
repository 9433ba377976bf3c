import type { CallHooks } from '../client/call.js';
import type { HttpRequest } from '../client/transport.js';
import type { Rate } from '../config/rate.js';
import type { Context } from '../core/context.js';
import { traceRequest } from '../core/debug-trace.js';
import { runPacer } from '../core/run-pacer.js';
import type { OperationDeps } from '../core/run-operation.js';
import { type WaitEnd, waitForState } from '../core/wait.js';
import { FLAG_NAMES, waitEndWords } from '../core/wait-words.js';
import { ExitCode, SvcError } from '../errors.js';
import { interruptionOf } from '../interruption.js';
import { type Answered, reportSent } from './report.js';
import type { WaitRequest } from './wait-options.js';
import { createWaitStatus, pollLine } from './wait-status.js';

/** A call to wait on, as dispatch (src/cli/dispatch.ts) has built it, and how its answer is shown. */
export interface WaitedCall extends Omit<Answered, 'result'> {
  request: HttpRequest;
  onSuccess?(data: unknown): Promise<void>;
  wait: WaitRequest;
  debug: boolean;
  /** `--rate`, else the profile's: the pace of the polls. */
  rate: Rate | undefined;
}

/**
 * `--wait-for`: the request sent again until its condition holds (src/core/wait.ts), paced as
 * `--paginate`'s pages are; a status line on a terminal, a line per poll with `--debug`. Met, the
 * answer is printed as any answer is. Otherwise the last answer is printed, if one came, and the
 * error says how the wait ended: exit 9 (failed), 124 (timed out), a failure's own code, or a stop
 * signal's.
 */
export async function dispatchWait(
  ctx: Pick<Context, 'io' | 'signal' | 'secrets'>,
  d: WaitedCall,
  deps: Required<Pick<OperationDeps, 'retry'>> & Omit<OperationDeps, 'retry'>,
): Promise<void> {
  const { plan } = d.wait;
  const { clock } = deps.retry;
  const pacer = runPacer(ctx, deps.retry, { rate: d.rate, signal: ctx.signal, debug: d.debug });
  const status = !d.debug && ctx.io.stderrIsTTY ? createWaitStatus(ctx, plan, clock) : undefined;
  const hooks = deps.hooks ?? {};
  const end = await waitForState(
    { ...deps, retry: { ...deps.retry, pacer }, hooks: (poll) => pollHooks(ctx, hooks, poll) },
    d.op,
    d.request,
    plan,
    (report) => {
      status?.poll(report);
      if (d.debug) ctx.io.err(pollLine(plan, report));
    },
  );
  status?.end(end);
  return reportEnd(ctx, d, end);
}

/**
 * `--debug`'s trace of a poll: the first as any call's (the credential's source and the route named
 * once), the later ones their request and response alone. Each poll is one attempt: the wait, not
 * the retry policy, sends it again, so no retry decision is traced.
 */
function pollHooks(ctx: Pick<Context, 'io' | 'secrets'>, hooks: CallHooks, poll: number): CallHooks {
  const { onRetryDecision: _never, ...traced } = hooks;
  if (poll === 1 || !traced.onRequest) return traced;
  return { ...traced, onRequest: (request) => ctx.io.err(traceRequest(request, ctx.secrets?.redact)) };
}

async function reportEnd(ctx: Pick<Context, 'io' | 'signal'>, d: WaitedCall, end: WaitEnd): Promise<void> {
  const { last } = end;
  if (end.outcome === 'met') {
    // `deleted` is met by a 404: there is no answer to print.
    if (last.result.ok) await reportSent(ctx, { ...d, result: last.result });
    return;
  }
  const words = waitEndWords(end, d.wait.plan, FLAG_NAMES)!;
  if (end.outcome === 'interrupted') {
    const interruption = interruptionOf(ctx.signal);
    throw new SvcError(words.replace(/^interrupted/, interruption.words), interruption.exitCode);
  }
  if (end.outcome === 'error') throw new SvcError(words, last.failure!.exitCode, last.failure!.detail);
  // The last answer, as a script may want to log it, whatever became of the polls after it; the exit code says it is not what was waited for.
  const answer = end.answer?.result;
  if (answer?.ok) {
    const shown = await d.presenter.present(answer.json ?? answer.data, d.view);
    if (shown.text !== undefined) ctx.io.out(shown.text);
  }
  throw new SvcError(words, end.outcome === 'failed' ? ExitCode.waitFailed : ExitCode.waitTimedOut);
}

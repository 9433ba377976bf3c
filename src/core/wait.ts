import type { OperationSpec } from '../../registry/define.js';
import { retryAfterMs, waitsThrough } from '../client/retry.js';
import type { HttpRequest } from '../client/transport.js';
import { type OperationDeps, type Outcome, sendOperationRequest } from './run-operation.js';
import type { ConditionReading, Watched } from './wait-condition.js';
import { endOf, neverSent, note, type Seen, shown } from './wait-record.js';
import { nextStep } from './wait-schedule.js';
import type { Judged, PollReport, WaitEnd, WaitPlan } from './wait-types.js';

export type { Condition, Watched } from './wait-condition.js';
export type { PollReport, PollVerdict, WaitEnd, WaitOutcome, WaitPlan, WatchedHistory } from './wait-types.js';

/**
 * What a wait reads of the world: a single call's deps, with the retry policy's clock and pacer
 * (each poll is one request: the wait, not the retry policy, sends it again) and `hooks` per poll.
 */
export type WaitDeps = Omit<OperationDeps, 'hooks' | 'retry'> & Required<Pick<OperationDeps, 'retry'>> & { hooks?(poll: number): OperationDeps['hooks'] };

/**
 * Sends a built request again and again until `plan.until` holds on an answer, `plan.failWhen`
 * does, the time is up, a failure that waiting cannot change comes (a 401, a 400, a 404 while
 * waiting for a value), or `deps.signal` stops it. 429, 5xx, dropped connections and timed-out
 * polls are polled through, Retry-After obeyed; every poll goes through the retry policy's pacer.
 * Never rejects for faults of the service or the network.
 */
export async function waitForState(
  deps: WaitDeps,
  op: OperationSpec,
  request: HttpRequest,
  plan: WaitPlan,
  onPoll?: (report: PollReport) => void,
): Promise<WaitEnd> {
  const { clock } = deps.retry;
  const seen: Seen = { started: clock.now(), polls: 0 };
  const deadline = seen.started + plan.timeoutMs;
  for (;;) {
    const { outcome, cut } = await sendPoll(deps, op, request, seen.polls + 1, Math.max(deadline, clock.now() + plan.intervalMs));
    // Held back by the run's pace until the deadline or a stop, it never left: nothing to count or judge.
    if (neverSent(outcome)) return endOf(seen, clock, deps.signal?.aborted ? 'interrupted' : 'timeout', { last: seen.last ?? outcome });
    const now = clock.now();
    const judged: Judged = cut ? { verdict: 'transient' } : judge(plan, outcome);
    note(seen, outcome, judged);
    const report: PollReport = { poll: seen.polls, elapsedMs: now - seen.started, outcome, verdict: judged.verdict, ...shown(judged) };
    if (deps.signal?.aborted) return (onPoll?.(report), endOf(seen, clock, 'interrupted'));
    if (judged.verdict === 'met' || judged.verdict === 'failed' || judged.verdict === 'error') return (onPoll?.(report), endOf(seen, clock, judged.verdict));
    if (cut || now >= deadline) return (onPoll?.(report), endOf(seen, clock, 'timeout'));
    const asked = retryAfterMs(outcome.result.headers?.['retry-after'], now);
    const next = nextStep({ now, deadline, poll: seen.polls, intervalMs: plan.intervalMs, retryAfterMs: asked, random: clock.random });
    if (!next.poll && next.end === 'retry-after') return (onPoll?.(report), endOf(seen, clock, 'timeout', { askedMs: next.askedMs }));
    onPoll?.({ ...report, ...(next.poll ? { nextInMs: next.at - now, asked: next.asked } : {}) });
    try {
      await clock.sleep(next.at - now, deps.signal);
    } catch {
      return endOf(seen, clock, 'interrupted');
    }
    if (!next.poll) return endOf(seen, clock, 'timeout');
  }
}

/**
 * One poll: the request sent once, through the pacer, cut short at `limit` on the wait's clock (the
 * deadline, or an interval after it starts for a poll sent at the deadline itself); `cut` says it was.
 */
async function sendPoll(deps: WaitDeps, op: OperationSpec, request: HttpRequest, poll: number, limit: number): Promise<{ outcome: Outcome; cut: boolean }> {
  const { clock } = deps.retry;
  const late = new AbortController();
  const answered = new AbortController();
  clock.sleep(limit - clock.now(), answered.signal).then(
    () => late.abort(),
    () => {},
  );
  const signal = deps.signal ? AbortSignal.any([deps.signal, late.signal]) : late.signal;
  try {
    const outcome = await sendOperationRequest({ ...deps, retry: { ...deps.retry, retries: 0 }, hooks: deps.hooks?.(poll) }, op, { ...request, signal });
    return { outcome, cut: late.signal.aborted && !deps.signal?.aborted };
  } finally {
    answered.abort();
  }
}

/** What one answer means: `failWhen` first (a failure wins over success on the same answer), then `until`. */
export function judge(plan: Pick<WaitPlan, 'until' | 'failWhen'>, outcome: Outcome): Judged {
  const { result } = outcome;
  const status: Watched = { label: 'status', value: result.status };
  if (!result.ok) {
    if (result.status === 404 && plan.until.kind === 'deleted') return { verdict: 'met', watched: status };
    if (result.status === 404 && plan.until.kind === 'exists') return { verdict: 'pending', watched: status };
    return { verdict: waitsThrough(result) ? 'transient' : 'error' };
  }
  const data = result.json ?? result.data;
  const until: ConditionReading = plan.until.kind === 'value' ? plan.until.test(data) : { holds: plan.until.kind === 'exists', watched: status };
  const failing: ConditionReading | undefined = plan.failWhen?.kind === 'value' ? plan.failWhen.test(data) : undefined;
  const watched = until.watched ? { watched: until.watched } : {};
  if (failing?.holds) return { verdict: 'failed', ...watched, ...(failing.watched ? { failed: failing.watched } : {}) };
  for (const reading of [until, failing])
    if (reading?.problem !== undefined && reading.stop) return { verdict: 'failed', ...watched, problem: reading.problem };
  const problem = until.problem ?? failing?.problem;
  const hint = until.holds ? undefined : until.hint;
  return { verdict: until.holds ? 'met' : 'pending', ...watched, ...(problem === undefined ? {} : { problem }), ...(hint === undefined ? {} : { hint }) };
}

import type { OperationSpec } from '../../registry/define.js';
import { retryAfterMs, waitsThrough } from '../client/retry.js';
import type { HttpRequest } from '../client/transport.js';
import { type OperationDeps, type Outcome, sendOperationRequest } from './run-operation.js';
import type { Condition, ConditionReading, Watched } from './wait-condition.js';
import { nextStep } from './wait-schedule.js';

export type { Condition, Watched } from './wait-condition.js';

/** A wait as asked for: what ends it well (`until`), badly (`failWhen`), and its time. */
export interface WaitPlan {
  until: Condition;
  failWhen?: Condition;
  timeoutMs: number;
  /** The first pause between polls; it grows from there (src/core/wait-schedule.ts). */
  intervalMs: number;
}

/** How a wait ended: its condition met, its failure condition true, out of time, a failure it cannot wait through, or a stop signal. */
export type WaitOutcome = 'met' | 'failed' | 'timeout' | 'error' | 'interrupted';

/** What one poll's answer means to the wait. */
export type PollVerdict = 'met' | 'failed' | 'pending' | 'transient' | 'error';

/** One poll, for a front-end to show (`--debug`, the status line). */
export interface PollReport {
  /** Counted from 1. */
  poll: number;
  /** Since the wait began, on its clock. */
  elapsedMs: number;
  outcome: Outcome;
  verdict: PollVerdict;
  /** The value the condition watches, on a 2xx answer. */
  watched?: Watched;
  /** What the failure condition watches, when it is true. */
  failed?: Watched;
  /** The condition could not be evaluated on this answer. */
  problem?: string;
  /** When the next poll comes, from now; absent when this poll ended the wait or no poll fits before the deadline. */
  nextInMs?: number;
  /** The next poll waits as long as the service asked (Retry-After). */
  asked?: boolean;
}

export interface WaitEnd {
  outcome: WaitOutcome;
  polls: number;
  waitedMs: number;
  /** The last poll's outcome. */
  last: Outcome;
  /** The watched value as it changed, first to last (the first and the last nine of `count` values). */
  watched?: WatchedHistory;
  /** The condition could not be evaluated on the last 2xx answer. */
  problem?: string;
  /** What the failure condition watched when it came true. */
  failed?: Watched;
  /** A timeout before the deadline: the service asked to wait this long, past it. */
  askedMs?: number;
}

/**
 * What a wait reads of the world: a single call's deps, with the retry policy's clock and pacer
 * (each poll is one request: the wait, not the retry policy, sends it again) and `hooks` per poll.
 */
export type WaitDeps = Omit<OperationDeps, 'hooks' | 'retry'> & Required<Pick<OperationDeps, 'retry'>> & { hooks?(poll: number): OperationDeps['hooks'] };

/** A watched value's changes: the first value and the last nine, of `count` in all. */
export interface WatchedHistory {
  label: string;
  values: unknown[];
  count: number;
}

const HISTORY = 10;

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
  const started = clock.now();
  const deadline = started + plan.timeoutMs;
  const history: { watched?: WatchedHistory } = {};
  for (let poll = 1; ; poll++) {
    const { outcome, cut } = await sendPoll(deps, op, request, poll, Math.max(deadline, clock.now() + plan.intervalMs));
    const now = clock.now();
    const judged: Judged = cut ? { verdict: 'transient' } : judge(plan, outcome);
    remember(history, judged.watched);
    const report: PollReport = { poll, elapsedMs: now - started, outcome, verdict: judged.verdict, ...(judged.watched ? { watched: judged.watched } : {}) };
    if (judged.failed) report.failed = judged.failed;
    if (judged.problem !== undefined) report.problem = judged.problem;
    const end = (result: WaitOutcome, extra: Partial<WaitEnd> = {}): WaitEnd => {
      const done: WaitEnd = { outcome: result, polls: poll, waitedMs: clock.now() - started, last: outcome, ...extra };
      if (history.watched) done.watched = history.watched;
      if (judged.problem !== undefined) done.problem = judged.problem;
      if (judged.failed) done.failed = judged.failed;
      return done;
    };
    if (deps.signal?.aborted) return (onPoll?.(report), end('interrupted'));
    if (judged.verdict === 'met' || judged.verdict === 'failed' || judged.verdict === 'error') return (onPoll?.(report), end(judged.verdict));
    if (cut || now >= deadline) return (onPoll?.(report), end('timeout'));
    const asked = retryAfterMs(outcome.result.headers?.['retry-after'], now);
    const next = nextStep({ now, deadline, poll, intervalMs: plan.intervalMs, retryAfterMs: asked, random: clock.random });
    if (!next.poll && next.end === 'retry-after') return (onPoll?.(report), end('timeout', { askedMs: next.askedMs }));
    onPoll?.({ ...report, ...(next.poll ? { nextInMs: next.at - now, asked: next.asked } : {}) });
    try {
      await clock.sleep(next.at - now, deps.signal);
    } catch {
      return end('interrupted');
    }
    if (!next.poll) return end('timeout');
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

interface Judged {
  verdict: PollVerdict;
  /** What `until` watches, on a 2xx answer (or the status, for exists and deleted). */
  watched?: Watched;
  /** What `failWhen` watches, when it is what ended the wait. */
  failed?: Watched;
  problem?: string;
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
  return { verdict: until.holds ? 'met' : 'pending', ...watched, ...(problem === undefined ? {} : { problem }) };
}

/** Keeps the watched value when it changed: the first, then the last HISTORY - 1 changes. */
function remember(history: { watched?: WatchedHistory }, seen: Watched | undefined): void {
  if (!seen) return;
  const watched = (history.watched ??= { label: seen.label, values: [], count: 0 });
  const last = watched.values.at(-1);
  if (watched.values.length > 0 && sameValue(last, seen.value)) return;
  watched.values.push(seen.value);
  watched.count++;
  if (watched.values.length > HISTORY) watched.values.splice(1, 1);
}

const sameValue = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);

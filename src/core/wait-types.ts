import type { Outcome } from './run-operation.js';
import type { Condition, Watched } from './wait-condition.js';

// The wait's types (src/core/wait.ts), apart so its record-keeping (src/core/wait-record.ts) shares them.

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
  /** The condition compares the watched value with a literal of another type: it may never hold. */
  hint?: string;
  /** When the next poll comes, from now; absent when this poll ended the wait or no poll fits before the deadline. */
  nextInMs?: number;
  /** The next poll waits as long as the service asked (Retry-After). */
  asked?: boolean;
}

export interface WaitEnd {
  outcome: WaitOutcome;
  /** The polls sent: one held back by the pace of the run until the end, never sent, is not counted. */
  polls: number;
  waitedMs: number;
  /** The last poll's outcome (a poll never sent, only when no poll was). */
  last: Outcome;
  /** The last 2xx answer, if one came: what a wait that timed out or failed shows, whatever became of the polls after it. */
  answer?: Outcome;
  /** The watched value as it changed, first to last (the first and the last nine of `count` values). */
  watched?: WatchedHistory;
  /** The condition could not be evaluated on the last 2xx answer. */
  problem?: string;
  /** On the last 2xx answer, the condition compared the watched value with a literal of another type. */
  hint?: string;
  /** What the failure condition watched when it came true. */
  failed?: Watched;
  /** A timeout before the deadline: the service asked to wait this long, past it. */
  askedMs?: number;
}

/** A watched value's changes: the first value and the last nine, of `count` in all. */
export interface WatchedHistory {
  label: string;
  values: unknown[];
  count: number;
}

/** What one answer means to the wait (src/core/wait.ts `judge`). */
export interface Judged {
  verdict: PollVerdict;
  /** What `until` watches, on a 2xx answer (or the status, for exists and deleted). */
  watched?: Watched;
  /** What `failWhen` watches, when it is what ended the wait. */
  failed?: Watched;
  problem?: string;
  hint?: string;
}

import type { Clock } from '../clock.js';
import type { Outcome } from './run-operation.js';
import type { Watched } from './wait-condition.js';
import type { Judged, PollReport, WaitEnd, WaitOutcome, WatchedHistory } from './wait-types.js';

// What a wait keeps of its polls as it goes (src/core/wait.ts): the polls sent, the last poll and
// the last 2xx answer, the watched value's changes, and the end made of them.

const HISTORY = 10;

/** What the wait has seen so far: its polls, the last poll and the last 2xx answer, the watched value's changes, the last verdict's details. */
export interface Seen {
  started: number;
  polls: number;
  last?: Outcome;
  answer?: Outcome;
  watched?: WatchedHistory;
  judged?: Judged;
}

/** One poll sent, and what the wait made of it. */
export function note(seen: Seen, outcome: Outcome, judged: Judged): void {
  seen.polls++;
  seen.last = outcome;
  if (outcome.result.ok) seen.answer = outcome;
  seen.judged = judged;
  remember(seen, judged.watched);
}

/** The parts of a verdict a poll's report carries. */
export const shown = ({ watched, failed, problem, hint }: Judged): Pick<PollReport, 'watched' | 'failed' | 'problem' | 'hint'> => ({
  ...(watched ? { watched } : {}),
  ...(failed ? { failed } : {}),
  ...(problem === undefined ? {} : { problem }),
  ...(hint === undefined ? {} : { hint }),
});

/** How the wait ended, from what it has seen: `extra` for a Retry-After past the deadline, or the poll that never left when none did. */
export function endOf(seen: Seen, clock: Pick<Clock, 'now'>, outcome: WaitOutcome, extra: Partial<WaitEnd> = {}): WaitEnd {
  const { judged } = seen;
  return {
    outcome,
    polls: seen.polls,
    waitedMs: clock.now() - seen.started,
    last: seen.last!,
    ...(seen.answer ? { answer: seen.answer } : {}),
    ...(seen.watched ? { watched: seen.watched } : {}),
    ...(judged?.problem === undefined ? {} : { problem: judged.problem }),
    ...(judged?.failed ? { failed: judged.failed } : {}),
    ...(judged?.hint === undefined ? {} : { hint: judged.hint }),
    ...extra,
  };
}

/** A poll stopped before it left: the pace held it past the deadline, or a stop came first. */
export function neverSent({ result }: Outcome): boolean {
  return !result.ok && result.error.kind === 'transport' && result.error.failure === 'aborted' && !result.error.sent;
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

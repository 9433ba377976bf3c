// When a wait polls next: a first interval, growing with jitter to a cap, never shorter than the
// interval, and never sooner than the service asked (Retry-After); nothing past the deadline.

/** Each pause is this much longer than the last, until the cap. */
export const GROWTH = 1.5;
/** The longest pause between polls, unless the interval itself is longer. */
export const CAP_MS = 30_000;
/** Each pause is up to this share shorter, at random, so that many waiters spread out. */
export const JITTER = 0.25;

/**
 * The pause after poll `poll` (1 for the first): `intervalMs × 1.5^(poll−1)`, at most the cap (30 s,
 * or the interval when longer), made up to a quarter shorter at random, and never shorter than the
 * interval.
 */
export function pauseAfter(poll: number, intervalMs: number, random: () => number): number {
  const cap = Math.max(intervalMs, CAP_MS);
  const ceiling = Math.min(cap, intervalMs * GROWTH ** (poll - 1));
  return Math.max(intervalMs, Math.round(ceiling * (1 - JITTER * random())));
}

export interface Scheduling {
  /** Now, on the wait's clock. */
  now: number;
  deadline: number;
  /** Polls made so far. */
  poll: number;
  intervalMs: number;
  /** What the last answer's Retry-After asked for, if it carried one. */
  retryAfterMs?: number;
  random: () => number;
}

/**
 * What comes after a poll that did not end the wait: another poll `at` a time on the clock; or the
 * end, at the deadline (`deadline`: no poll fits before it without coming sooner than the interval
 * after the last), or now (`retry-after`: the service asked to wait past the deadline).
 */
export type NextStep =
  { poll: true; at: number; asked: boolean } | { poll: false; end: 'deadline'; at: number } | { poll: false; end: 'retry-after'; askedMs: number };

export function nextStep({ now, deadline, poll, intervalMs, retryAfterMs, random }: Scheduling): NextStep {
  const pause = pauseAfter(poll, intervalMs, random);
  const asked = retryAfterMs !== undefined && retryAfterMs > pause;
  const at = now + (asked ? retryAfterMs : pause);
  if (at <= deadline) return { poll: true, at, asked };
  if (asked) return { poll: false, end: 'retry-after', askedMs: retryAfterMs };
  // A last poll at the deadline, if it still comes a whole interval after this one.
  if (now + intervalMs <= deadline) return { poll: true, at: deadline, asked: false };
  return { poll: false, end: 'deadline', at: deadline };
}

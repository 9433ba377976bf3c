import type { Clock } from '../clock.js';
import type { Pacer } from './pacing.js';
import { retryAfterMs, seconds } from './retry.js';

export type { Pacer, ThrottleStats } from './pacing.js';

export interface PacerOptions {
  /** `--rate`: at most this many starts per second; none when absent (until the service throttles). */
  ceiling?: number;
  /** Time and waits; the context's, so a test's clock waits for nothing. */
  clock: Pick<Clock, 'now' | 'sleep'>;
  /** The longest Retry-After honoured as a pause: the retry policy's `maxRetryAfterMs`. */
  maxPauseMs: number;
  /** A stop: requests waiting for their turn are not sent. */
  signal?: AbortSignal;
  /** `--debug`: each pause and each change of rate, in words. */
  onChange?(text: string): void;
}

/** Starts of the slowest rate the backoff goes down to, per second (or the ceiling, if lower). */
export const MIN_RATE = 1;
/** After a decrease, the rate grows back by this share of itself per second of good answers. */
export const GROWTH_PER_SECOND = 0.2;
/** The spacing keeps 1% to spare, so no one-second window holds more than the rate, whatever the jitter of timers. */
const SPACING = 1010;
/** A timer that fires late costs the next request nothing up to this many ms; later, the spacing counts from the late start. */
const FORGIVEN_LATENESS_MS = 5;
/** A burst is measured over at least this span, so 20 requests in 2 ms do not read as 10,000 a second. */
const MIN_MEASURE_MS = 100;
const MEASURE_WINDOW_MS = 500;

interface Waiter {
  resolve(value: number | 'stopped'): void;
  since: number;
  paused: boolean;
}

/** A waiter whose own signal (its request's) lets it leave the queue, unsent, before its turn; `left` hears of it. */
function leaveOnAbort(queue: Waiter[], waiter: Waiter, own: AbortSignal | undefined, left: () => void): Waiter {
  if (!own) return waiter;
  const settle = waiter.resolve;
  const leave = () => {
    const index = queue.indexOf(waiter);
    if (index >= 0) queue.splice(index, 1);
    settle('stopped');
    left();
  };
  own.addEventListener('abort', leave, { once: true });
  waiter.resolve = (value) => {
    own.removeEventListener('abort', leave);
    settle(value);
  };
  return waiter;
}

export function createPacer({ ceiling = Infinity, clock, maxPauseMs, signal, onChange }: PacerOptions): Pacer {
  let floor = -Infinity;
  // The clock as the pacer reads it: never backwards, and never before the end of a wait it slept out.
  const now = () => (floor = Math.max(floor, clock.now()));
  let rate = ceiling;
  let step = 0;
  let grownAt = 0;
  let epoch = 0;
  let lastSlot = -Infinity;
  let pausedUntil = -Infinity;
  const counts = { answered429: 0, answered503: 0, pauses: 0 };
  const measure = createMeter();
  const queue: Waiter[] = [];
  let draining = false;
  // The drain's sleep until the next turn: cut short by a stop, and when the last waiter leaves, so no timer keeps the process alive for nobody.
  let nap: AbortController | undefined;
  const left = () => {
    if (queue.length === 0) nap?.abort();
  };

  const interval = () => (rate === Infinity ? 0 : SPACING / rate);
  const slotAfter = () => Math.max(pausedUntil, lastSlot + interval());
  const start = (at: number, time: number) => {
    lastSlot = Math.max(at, time - FORGIVEN_LATENESS_MS);
    measure.count(time);
  };

  const stopAll = () => {
    for (const waiter of queue.splice(0)) waiter.resolve('stopped');
  };
  signal?.addEventListener(
    'abort',
    () => {
      stopAll();
      nap?.abort();
    },
    { once: true },
  );

  async function drain(): Promise<void> {
    draining = true;
    try {
      while (queue.length > 0) {
        const time = now();
        const at = slotAfter();
        if (at <= time) {
          start(at, time);
          const waiter = queue.shift()!;
          waiter.resolve(waiter.paused ? time - waiter.since : 0);
          continue;
        }
        if (at === pausedUntil) for (const waiter of queue) waiter.paused = true;
        nap = new AbortController();
        try {
          await clock.sleep(at - time, nap.signal);
        } catch {
          // The stop signal ended the sleep (its listener let every waiter go), or every waiter left.
          continue;
        }
        floor = Math.max(floor, at);
      }
    } finally {
      draining = false;
      nap = undefined;
    }
  }

  const decrease = (time: number, why: string) => {
    const from = Math.min(rate, measure.perSecond(time));
    rate = Math.max(Math.min(MIN_RATE, ceiling), from / 2);
    step = rate * GROWTH_PER_SECOND;
    grownAt = time;
    epoch++;
    onChange?.(`* throttled (${why}): every request now at most ${rateText(rate)}, growing by ${rateText(step)} each second of good answers\n`);
  };

  const pause = (time: number, status: number, header: string) => {
    const asked = retryAfterMs(header, clock.now());
    if (asked === undefined || asked > maxPauseMs) return;
    const until = time + asked;
    if (until <= pausedUntil) return;
    if (pausedUntil < time) counts.pauses++;
    pausedUntil = until;
    onChange?.(`* pausing every request for ${seconds(asked)}: HTTP ${status} with Retry-After: ${header}\n`);
  };

  return {
    get epoch() {
      return epoch;
    },
    take(own) {
      if (signal?.aborted || own?.aborted) return Promise.resolve('stopped');
      if (queue.length === 0) {
        const time = now();
        const at = slotAfter();
        if (at <= time) {
          start(at, time);
          return undefined;
        }
      }
      return new Promise((resolve) => {
        const time = now();
        queue.push(leaveOnAbort(queue, { resolve, since: time, paused: pausedUntil > time }, own, left));
        if (!draining) void drain();
      });
    },
    answered(status, headers, sentIn) {
      const retryAfter = headers['retry-after'];
      const throttled = status === 429 || (status === 503 && retryAfter !== undefined);
      const time = now();
      if (!throttled) {
        if (rate < ceiling) {
          rate = Math.min(ceiling, rate + (step * (time - grownAt)) / 1000);
          grownAt = time;
        }
        return false;
      }
      if (status === 429) counts.answered429++;
      else counts.answered503++;
      if (retryAfter !== undefined) pause(time, status, retryAfter);
      if (sentIn === epoch) decrease(time, retryAfter === undefined ? `HTTP ${status}` : `HTTP ${status} with Retry-After: ${retryAfter}`);
      return true;
    },
    stats: () => ({ ...counts, rate: rate === Infinity ? undefined : rate, throttled: epoch > 0 }),
  };
}

/** Starts per second, over the last half second or so (two windows, so a new window never reads as empty). */
function createMeter() {
  let windowStart = -Infinity;
  let current = 0;
  let previous = 0;
  let previousStart = -Infinity;
  return {
    count(time: number) {
      if (time - windowStart >= MEASURE_WINDOW_MS) {
        const gap = time - windowStart >= 2 * MEASURE_WINDOW_MS;
        previous = gap ? 0 : current;
        previousStart = gap ? time : windowStart;
        windowStart = time;
        current = 0;
      }
      current++;
    },
    perSecond(time: number): number {
      const span = Math.max(MIN_MEASURE_MS, time - previousStart);
      return ((previous + current) * 1000) / span;
    },
  };
}

/** A rate in words: `50/s`, `2.5/s`, `12/m`. */
export function rateText(perSecond: number): string {
  if (perSecond >= 10) return `${Math.round(perSecond)}/s`;
  if (perSecond >= 1) return `${Number(perSecond.toFixed(1))}/s`;
  return `${Math.max(1, Math.round(perSecond * 60))}/m`;
}

// Time and chance, below every layer: the client's retry waits and the settings file's lock waits
// both read them from a Clock (src/client/retry.ts, src/config/config-lock.ts).
import { setTimeout as delay } from 'node:timers/promises';

/** Time and jitter for retries and lock waits; tests inject a clock that never waits. */
export interface Clock {
  now(): number;
  /** Resolves after `ms`; rejects when `signal` aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** A number in [0, 1), for the jitter of backoff waits. */
  random(): number;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) => delay(ms, undefined, { signal }),
  random: () => Math.random(),
};

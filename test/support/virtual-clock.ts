import type { Clock } from '../../src/clock.js';

/**
 * A clock whose time moves only when every sleeper but the earliest is waiting: `run(work)` runs
 * `work` and, each time nothing else can happen (the event loop turned once), moves time to the
 * earliest timer and wakes it. Minutes of pacing and backoff take milliseconds, and what happens
 * when is the same on a loaded machine as on an idle one.
 */
export function createVirtualClock(random: () => number = () => 0.5) {
  let time = 0;
  let seq = 0;
  const timers: { at: number; seq: number; resolve(): void }[] = [];
  const clock: Clock = {
    now: () => time,
    random,
    sleep: (ms, signal) =>
      new Promise<void>((resolve, reject) => {
        if (signal?.aborted) return reject(signal.reason);
        const timer = { at: time + Math.max(0, ms), seq: seq++, resolve };
        timers.push(timer);
        signal?.addEventListener(
          'abort',
          () => {
            const index = timers.indexOf(timer);
            if (index >= 0) timers.splice(index, 1);
            reject(signal.reason);
          },
          { once: true },
        );
      }),
  };
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
  /** Runs `work` to its end, moving time as its sleepers need; refuses to pass `limitMs` of virtual time. */
  async function run<T>(work: Promise<T>, limitMs = 3_600_000): Promise<T> {
    let done = false;
    const result = work.finally(() => (done = true));
    for (;;) {
      await settle();
      if (done) return result;
      if (timers.length === 0) {
        await settle();
        if (done) return result;
        throw new Error('virtual clock: the work waits for something other than time');
      }
      timers.sort((a, b) => a.at - b.at || a.seq - b.seq);
      const next = timers.shift()!;
      if (next.at > limitMs) throw new Error(`virtual clock: still running after ${limitMs} ms`);
      time = Math.max(time, next.at);
      next.resolve();
    }
  }
  return { clock, run, now: () => time };
}

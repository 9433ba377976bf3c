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
  const inFlight = new Set<Promise<unknown>>();
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
  /**
   * Marks real work (a request to a server on 127.0.0.1) the clock waits for before it moves time:
   * while any is in flight, no timer fires, so a poll's answer is never overtaken by the next poll.
   */
  function track<T>(promise: Promise<T>): Promise<T> {
    inFlight.add(promise);
    const done = () => void inFlight.delete(promise);
    promise.then(done, done);
    return promise;
  }
  /**
   * Runs `work` to its end, moving time as its sleepers need; refuses to pass `limitMs` of virtual
   * time. With `patientMs`, work that waits for something other than time and tracked requests (a
   * command starting: modules loading, a file read) is given that much real time to reach its next
   * sleep; without it, that is an error at once.
   */
  async function run<T>(work: Promise<T>, limitMs = 3_600_000, patientMs = 0): Promise<T> {
    let done = false;
    const result = work.finally(() => (done = true));
    let idleSince = Date.now();
    for (;;) {
      await settle();
      if (done) return result;
      if (inFlight.size > 0) {
        await Promise.race([...inFlight].map((p) => p.catch(() => {})));
        idleSince = Date.now();
        continue;
      }
      if (timers.length === 0) {
        await settle();
        if (done) return result;
        if (Date.now() - idleSince < patientMs) {
          await new Promise((resolve) => setTimeout(resolve, 1));
          continue;
        }
        throw new Error('virtual clock: the work waits for something other than time');
      }
      idleSince = Date.now();
      timers.sort((a, b) => a.at - b.at || a.seq - b.seq);
      const next = timers.shift()!;
      if (next.at > limitMs) throw new Error(`virtual clock: still running after ${limitMs} ms`);
      time = Math.max(time, next.at);
      next.resolve();
    }
  }
  return { clock, run, track, now: () => time };
}

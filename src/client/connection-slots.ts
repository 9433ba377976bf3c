/**
 * A fixed number of connections, taken in turn: a request waits here for a free one instead of in
 * undici's pool queue, so a timeout while waiting can say so. Whether a request was
 * sent is not guessed from this: undici reports it (response-collector.ts).
 */
export interface ConnectionSlots {
  /** Takes a free connection at once if there is one and `signal` has not aborted (no promise to wait on). */
  takeNow(signal: { aborted: boolean }): boolean;
  /** Resolves true once a connection is free for this request, false if `signal` aborts first. */
  take(signal: AbortSignal): Promise<boolean>;
  give(): void;
}

export function createConnectionSlots(count: number): ConnectionSlots {
  let free = count;
  const waiting: ((taken: boolean) => void)[] = [];
  return {
    takeNow(signal) {
      if (signal.aborted || free === 0) return false;
      free--;
      return true;
    },
    take(signal) {
      if (signal.aborted) return Promise.resolve(false);
      if (free > 0) {
        free--;
        return Promise.resolve(true);
      }
      return new Promise((resolve) => {
        const onAbort = () => {
          waiting.splice(waiting.indexOf(granted), 1);
          resolve(false);
        };
        const granted = (taken: boolean) => {
          signal.removeEventListener('abort', onAbort);
          resolve(taken);
        };
        waiting.push(granted);
        signal.addEventListener('abort', onAbort, { once: true });
      });
    },
    give() {
      const next = waiting.shift();
      if (next) next(true);
      else free++;
    },
  };
}

export interface PipelineOptions<E, R> {
  entries: AsyncIterable<E>;
  /** Calls in flight at most. */
  concurrency: number;
  /**
   * Input order: outcomes are emitted in the order entries were read, and no more than `window`
   * entries are started and not yet emitted, so a slow line stops the reading instead of filling memory.
   * Undefined: each outcome is emitted as soon as it is ready.
   */
  window?: number;
  /** Once aborted, no further entry is started; those in flight finish and are emitted. */
  signal?: AbortSignal;
  run(entry: E): Promise<R>;
  emit(entry: E, outcome: R): void;
  /** An outcome after which no later entry can succeed (a refused credential) stops taking entries. */
  halts?(outcome: R): boolean;
  /** Reading is stuck (standard input that sends nothing) and Ctrl-C came: stop reading. */
  stopReading?(): void;
}

export interface PipelineEnd {
  started: number;
  /** Why entries were left unread, if they were. */
  stopped?: 'interrupted' | 'halted';
}

/** Runs entries with bounded concurrency and bounded memory; every started entry is emitted exactly once. */
export async function runPipeline<E, R>(options: PipelineOptions<E, R>): Promise<PipelineEnd> {
  const { concurrency, window, signal } = options;
  const entries = options.entries[Symbol.asyncIterator]();
  const held = new Map<number, { entry: E; outcome: R }>();
  let started = 0;
  let emitted = 0;
  let inFlight = 0;
  let halted = false;
  let failure: { error: unknown } | undefined;
  let readingCut = false;
  let exhausted = false;
  let wake: (() => void) | undefined;
  const nudge = () => wake?.();
  signal?.addEventListener('abort', nudge);
  const stopping = () => halted || signal?.aborted === true || failure !== undefined;
  const hasRoom = () => inFlight < concurrency && (window === undefined || started - emitted < window);

  const finish = (seq: number, entry: E, outcome: R) => {
    inFlight--;
    if (options.halts?.(outcome)) halted = true;
    if (window === undefined) {
      emitted++;
      options.emit(entry, outcome);
    } else {
      held.set(seq, { entry, outcome });
      for (let next = held.get(emitted); next; next = held.get(emitted)) {
        held.delete(emitted++);
        options.emit(next.entry, next.outcome);
      }
    }
    nudge();
  };

  try {
    for (;;) {
      while (!stopping() && !hasRoom()) await new Promise<void>((resolve) => (wake = resolve));
      if (stopping()) break;
      const next = await nextOrStop(entries, signal, options.stopReading);
      readingCut = next === undefined;
      exhausted = next?.done === true;
      if (next === undefined || next.done || stopping()) break;
      const seq = started++;
      inFlight++;
      options.run(next.value).then(
        (outcome) => finish(seq, next.value, outcome),
        (error: unknown) => {
          inFlight--;
          failure ??= { error };
          nudge();
        },
      );
    }
    while (inFlight > 0) await new Promise<void>((resolve) => (wake = resolve));
  } finally {
    signal?.removeEventListener('abort', nudge);
  }
  if (failure) throw failure.error;
  // A read cut short by Ctrl-C is still pending; the source was closed under it instead.
  if (!readingCut) await entries.return?.();
  // Ctrl-C after the last line was taken leaves nothing undone: the batch is complete.
  return { started, stopped: halted ? 'halted' : signal?.aborted && !exhausted ? 'interrupted' : undefined };
}

/** The next entry, or undefined when Ctrl-C comes first (reading standard input can wait forever). */
async function nextOrStop<E>(entries: AsyncIterator<E>, signal: AbortSignal | undefined, stopReading: (() => void) | undefined): Promise<IteratorResult<E> | undefined> {
  if (!signal) return entries.next();
  if (signal.aborted) return undefined;
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<undefined>((resolve) => {
    onAbort = () => {
      stopReading?.();
      resolve(undefined);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
  const reading = entries.next();
  reading.catch(() => {}); // after a stop, a read that fails no longer matters
  try {
    return await Promise.race([reading, aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort!);
  }
}

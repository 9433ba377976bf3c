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
  const output = createOutput(options.emit, window);
  const waker = createWaker(signal);
  const reader = createReader(entries, signal, options.stopReading);
  let started = 0;
  let inFlight = 0;
  let halted = false;
  let failure: { error: unknown } | undefined;
  const stopping = () => halted || signal?.aborted === true || failure !== undefined;
  const hasRoom = () => inFlight < concurrency && (window === undefined || started - output.emitted() < window);
  const settled = () => {
    inFlight--;
    waker.wake();
  };
  // One reaction per entry, not then/catch/finally: each promise more was CPU paid per line.
  const start = (entry: E) => {
    const seq = started++;
    inFlight++;
    options.run(entry).then(
      (outcome) => {
        try {
          halted ||= options.halts?.(outcome) === true;
          output.complete(seq, entry, outcome);
        } catch (error) {
          failure ??= { error };
        }
        settled();
      },
      (error: unknown) => {
        failure ??= { error }; // a bug, not a fault: rethrown once all have settled
        settled();
      },
    );
  };
  let next: IteratorResult<E> | 'cut' | undefined;
  try {
    while (!stopping()) {
      if (!hasRoom()) {
        await waker.wait();
        continue;
      }
      next = await reader.next();
      if (next === 'cut' || next.done || stopping()) break;
      start(next.value);
    }
    while (inFlight > 0) await waker.wait();
  } finally {
    waker.dispose();
    reader.dispose();
  }
  if (failure) throw failure.error;
  // A read cut short by Ctrl-C is still pending; the source was closed under it instead.
  if (next !== 'cut') await entries.return?.();
  // Ctrl-C after the last line was taken leaves nothing undone: the batch is complete.
  const exhausted = next !== 'cut' && next?.done === true;
  return { started, stopped: halted ? 'halted' : signal?.aborted && !exhausted ? 'interrupted' : undefined };
}

/**
 * Emits outcomes as they come, or in input order, holding back those that finish early. Those are
 * held in a ring of `window` slots (entry `seq` in slot seq % window: no more than `window` are
 * started and not emitted), not in a Map: a Map's tables, rebuilt as it fills and empties, outlived
 * V8's young generation and made it grow with the length of a batch.
 */
function createOutput<E, R>(emit: (entry: E, outcome: R) => void, window: number | undefined) {
  let emitted = 0;
  if (window === undefined) {
    return {
      emitted: () => emitted,
      complete(_seq: number, entry: E, outcome: R) {
        emitted++;
        emit(entry, outcome);
      },
    };
  }
  const held: ({ entry: E; outcome: R } | undefined)[] = new Array(window).fill(undefined);
  return {
    emitted: () => emitted,
    complete(seq: number, entry: E, outcome: R) {
      if (seq !== emitted) {
        held[seq % window] = { entry, outcome };
        return;
      }
      emitted++;
      emit(entry, outcome);
      for (let next = held[emitted % window]; next; next = held[emitted % window]) {
        held[emitted++ % window] = undefined;
        emit(next.entry, next.outcome);
      }
    },
  };
}

/** The main loop sleeps here until a call finishes or Ctrl-C comes. */
function createWaker(signal: AbortSignal | undefined) {
  let wake: (() => void) | undefined;
  const nudge = () => wake?.();
  signal?.addEventListener('abort', nudge);
  return {
    wake: nudge,
    wait: () => new Promise<void>((resolve) => (wake = resolve)),
    dispose: () => signal?.removeEventListener('abort', nudge),
  };
}

/**
 * Reads the next entry, or 'cut' when Ctrl-C comes first (reading standard input can wait forever).
 * One abort listener for the whole run, not one per line, and no Promise.race per line: both were
 * a measurable share of a batch's CPU per call.
 */
function createReader<E>(entries: AsyncIterator<E>, signal: AbortSignal | undefined, stopReading: (() => void) | undefined) {
  if (!signal) return { next: () => entries.next(), dispose() {} };
  let cut = false;
  let waiting: ((result: 'cut') => void) | undefined;
  const onAbort = () => {
    cut = true;
    stopReading?.();
    waiting?.('cut');
  };
  if (signal.aborted) onAbort();
  else signal.addEventListener('abort', onAbort, { once: true });
  return {
    next(): Promise<IteratorResult<E> | 'cut'> {
      if (cut) return Promise.resolve('cut');
      // After a stop, a read that settles or fails no longer matters: the first to come wins.
      return new Promise((resolve, reject) => {
        waiting = resolve;
        entries.next().then(resolve, reject);
      });
    },
    dispose: () => signal.removeEventListener('abort', onAbort),
  };
}

import { windowFor } from '../batch/options.js';
import { runPipeline } from '../batch/pipeline.js';
import { createPacer } from '../client/pacer.js';
import type { CallResult } from '../client/result.js';
import type { RetryOptions } from '../client/retry.js';
import { NUMERIC_OPTIONS, readNumber } from '../config/numeric-options.js';
import { parseRate } from '../config/rate.js';
import { InputError } from '../errors.js';

/** How `client.batch` runs its lines. */
export interface BatchOptions {
  /** Calls in flight at once: 1 to 64 (default 8), as `--concurrency`. */
  concurrency?: number;
  /**
   * Requests started per second at most, across all lines in flight, retries included: a number,
   * or `'50/s'`, `'600/m'`, as `--rate`. Absent: as fast as `concurrency` allows until the service
   * throttles; a 429, or a 503 with Retry-After, slows the whole batch either way.
   */
  rate?: number | string;
  /** Records in input order (default), or each as its call finishes (`false`). */
  ordered?: boolean;
  /**
   * Aborted: no further line is started, and lines waiting for a retry or their turn end without
   * sending; requests already sent finish. Every line started still gets its record.
   */
  signal?: AbortSignal;
}

/** One line's record: its number (from 1, in the order given), its input as given, and its call's result. */
export interface BatchRecord<Input, Data> {
  line: number;
  input: Input;
  result: CallResult<Data>;
}

/** Calls one line; `retry` carries the batch's pacer and its stop. Never rejects. */
export type LineCaller<Input, Data> = (input: Input, retry: RetryOptions) => Promise<CallResult<Data>>;

interface ReadOptions {
  concurrency: number;
  rate: number | undefined;
  ordered: boolean;
  signal: AbortSignal | undefined;
}

/**
 * Runs `call` over every line, at most `concurrency` at a time, one pace for all (src/client/pacer.ts),
 * and yields each record as the consumer asks: a consumer that reads slowly holds the lines back,
 * so memory stays bounded whatever the length of `lines`. A consumer that stops early (`break`)
 * stops the batch: nothing more is started, and the requests already sent finish first.
 * Options that cannot be used are refused at once, with a TypeError or RangeError.
 */
export function runClientBatch<Input, Data>(
  lines: Iterable<Input> | AsyncIterable<Input>,
  options: BatchOptions | undefined,
  retry: RetryOptions,
  call: LineCaller<Input, Data>,
): AsyncGenerator<BatchRecord<Input, Data>> {
  if (lines === null || typeof lines !== 'object' || !(Symbol.iterator in lines || Symbol.asyncIterator in lines))
    throw new TypeError('batch: the lines must be an iterable or async iterable of inputs');
  return recordsOf(lines, readOptions(options), retry, call);
}

function readOptions(options: BatchOptions | undefined): ReadOptions {
  if (options !== undefined && (options === null || typeof options !== 'object')) throw new TypeError('batch: the options must be an object');
  const { concurrency, rate, ordered, signal } = options ?? {};
  let count = 8;
  if (concurrency !== undefined) {
    const read = typeof concurrency === 'number' ? readNumber(concurrency, NUMERIC_OPTIONS.concurrency) : undefined;
    if (!read?.ok) throw new RangeError(`batch: concurrency: ${read?.problem ?? `expected a whole number from 1 to 64, not a ${typeof concurrency}`}`);
    count = read.value;
  }
  let perSecond: number | undefined;
  if (rate !== undefined) {
    try {
      perSecond = parseRate(rate, 'rate').perSecond;
    } catch (error) {
      throw new RangeError(`batch: ${error instanceof InputError ? error.message : String(error)}`);
    }
  }
  if (ordered !== undefined && typeof ordered !== 'boolean') throw new TypeError('batch: ordered must be true or false');
  if (signal !== undefined && !(signal instanceof AbortSignal)) throw new TypeError('batch: signal must be an AbortSignal');
  return { concurrency: count, rate: perSecond, ordered: ordered !== false, signal };
}

async function* recordsOf<Input, Data>(
  lines: Iterable<Input> | AsyncIterable<Input>,
  options: ReadOptions,
  policy: RetryOptions,
  call: LineCaller<Input, Data>,
): AsyncGenerator<BatchRecord<Input, Data>> {
  const stop = new AbortController();
  const onAbort = () => stop.abort(options.signal?.reason);
  if (options.signal?.aborted) onAbort();
  else options.signal?.addEventListener('abort', onAbort, { once: true });
  const pacer = createPacer({ ceiling: options.rate, clock: policy.clock, maxPauseMs: policy.maxRetryAfterMs, signal: stop.signal });
  // A stop ends a wait for a retry, as in the command line's batch: no new attempt starts.
  const retry: RetryOptions = { ...policy, pacer, clock: { ...policy.clock, sleep: (ms) => policy.clock.sleep(ms, stop.signal) } };
  const queue = createRecordQueue<BatchRecord<Input, Data>>(windowFor(options.concurrency));
  const running = runPipeline({
    entries: numbered(lines),
    concurrency: options.concurrency,
    window: options.ordered ? windowFor(options.concurrency) : undefined,
    signal: stop.signal,
    run: async ({ input }) => {
      await queue.room();
      return stop.signal.aborted ? notStarted() : call(input, retry);
    },
    emit: ({ line, input }, result: CallResult<Data>) => queue.push({ line, input, result }),
  }).then(queue.end, queue.fail);
  try {
    for (let next = await queue.next(); next !== undefined; next = await queue.next()) yield next;
  } finally {
    stop.abort();
    queue.discard();
    await running;
    options.signal?.removeEventListener('abort', onAbort);
  }
}

const notStarted = (): CallResult<never> => ({
  ok: false,
  status: 0,
  error: { kind: 'transport', failure: 'aborted', message: 'the batch was stopped before this line was sent', sent: false },
});

async function* numbered<Input>(lines: Iterable<Input> | AsyncIterable<Input>): AsyncGenerator<{ line: number; input: Input }> {
  let line = 0;
  for await (const input of lines) yield { line: ++line, input };
}

/**
 * Records between the batch and its consumer: at most `limit` wait to be read, and a line waits
 * for room before it is sent, so a slow consumer slows the batch rather than filling memory.
 */
function createRecordQueue<R>(limit: number) {
  const items: R[] = [];
  const waitingForRoom: (() => void)[] = [];
  let wakeReader: (() => void) | undefined;
  let ended = false;
  let failure: { error: unknown } | undefined;
  const wake = () => {
    wakeReader?.();
    wakeReader = undefined;
  };
  return {
    room: (): Promise<void> | void => (ended || items.length < limit ? undefined : new Promise((resolve) => waitingForRoom.push(resolve))),
    push(item: R) {
      if (!ended) items.push(item);
      wake();
    },
    end: () => {
      ended = true;
      wake();
    },
    fail: (error: unknown) => {
      failure = { error };
      ended = true;
      wake();
    },
    /** The reader is gone: nothing more is kept, and no line waits for room. */
    discard() {
      ended = true;
      items.length = 0;
      for (const resolve of waitingForRoom.splice(0)) resolve();
    },
    async next(): Promise<R | undefined> {
      while (items.length === 0 && !ended) await new Promise<void>((resolve) => (wakeReader = resolve));
      if (items.length === 0 && failure) throw failure.error;
      const item = items.shift();
      waitingForRoom.shift()?.();
      return item;
    },
  };
}

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runPipeline } from '../../src/batch/pipeline.js';

async function* numbers(count: number, onRead?: (n: number) => void): AsyncGenerator<number> {
  for (let n = 0; n < count; n++) {
    onRead?.(n);
    yield n;
  }
}

/** Lets `turns` turns of the event loop pass (no clock): calls finish in an order the test chooses. */
const turns = async (count: number) => {
  for (let i = 0; i < count; i++) await new Promise((resolve) => setImmediate(resolve));
};

describe('runPipeline', () => {
  it('emits every entry once, in input order, whatever order the calls finish in, within its bounds', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 8 }),
        async (delays, concurrency, extra) => {
          const window = concurrency + extra;
          const emitted: number[] = [];
          let inFlight = 0;
          let read = 0;
          let maxInFlight = 0;
          let maxAhead = 0;
          const end = await runPipeline({
            entries: numbers(delays.length, () => read++),
            concurrency,
            window,
            async run(n) {
              maxInFlight = Math.max(maxInFlight, ++inFlight);
              maxAhead = Math.max(maxAhead, read - emitted.length);
              await turns(delays[n]!);
              inFlight--;
              return n * 10;
            },
            emit: (n, outcome) => emitted.push(outcome / 10 === n ? n : -1),
          });
          expect(emitted).toEqual(delays.map((_, i) => i));
          expect(end).toEqual({ started: delays.length, stopped: undefined });
          expect(maxInFlight).toBeLessThanOrEqual(concurrency);
          expect(maxAhead).toBeLessThanOrEqual(window);
        },
      ),
      { numRuns: 30 },
    );
  });

  it('--unordered: emits as calls finish', async () => {
    const emitted: number[] = [];
    await runPipeline({ entries: numbers(4), concurrency: 4, run: async (n) => void (await turns((4 - n) * 3)), emit: (n) => emitted.push(n) });
    expect(emitted).toEqual([3, 2, 1, 0]);
  });

  it('stops reading while the oldest call holds the window full', async () => {
    let read = 0;
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    const pipeline = runPipeline({
      entries: numbers(100, () => read++),
      concurrency: 4,
      window: 10,
      run: (n) => (n === 0 ? slow : Promise.resolve()),
      emit: () => {},
    });
    await turns(20);
    expect(read).toBe(10);
    release();
    await pipeline;
    expect(read).toBe(100);
  });

  it('Ctrl-C: takes no new entry, lets the ones in flight finish and emits them', async () => {
    const controller = new AbortController();
    const emitted: number[] = [];
    const end = await runPipeline({
      entries: numbers(1000),
      concurrency: 3,
      window: 20,
      signal: controller.signal,
      async run(n) {
        if (n === 5) controller.abort();
        await turns(5);
      },
      emit: (n) => emitted.push(n),
    });
    expect(end.stopped).toBe('interrupted');
    expect(emitted).toEqual([...Array(end.started).keys()]);
    expect(end.started).toBeGreaterThanOrEqual(6);
    expect(end.started).toBeLessThanOrEqual(8);
  });

  it('Ctrl-C while waiting for input that never comes stops reading', async () => {
    const controller = new AbortController();
    let stopped = false;
    async function* stalled(): AsyncGenerator<number> {
      yield 0;
      setImmediate(() => controller.abort()); // Ctrl-C once the pipeline waits for the next entry
      await new Promise(() => {});
    }
    const end = await runPipeline({
      entries: stalled(),
      concurrency: 2,
      signal: controller.signal,
      run: async () => {},
      emit: () => {},
      stopReading: () => (stopped = true),
    });
    expect(end).toEqual({ started: 1, stopped: 'interrupted' });
    expect(stopped).toBe(true);
  });

  it('an outcome that halts stops taking entries', async () => {
    const emitted: number[] = [];
    const end = await runPipeline({
      entries: numbers(100),
      concurrency: 1,
      window: 4,
      run: async (n) => n,
      emit: (n) => emitted.push(n),
      halts: (n) => n === 2,
    });
    expect(end).toEqual({ started: 3, stopped: 'halted' });
    expect(emitted).toEqual([0, 1, 2]);
  });
});

import { describe, expect, it } from 'vitest';
import { BatchTally } from '../../src/batch/progress.js';
import type { LineOutcome } from '../../src/batch/records.js';
import type { SourceRecord } from '../../src/batch/source.js';
import { watchBatchStop } from '../../src/batch/stop.js';
import { createRecordWriter, type FlushTimer, HELD_BYTES, HELD_MS } from '../../src/core/record-writer.js';
import { createFakeContext } from '../support/fake-context.js';

// Records leave in one write per 64 KiB or per 20 ms, and at the end: how many writes,
// when, and that nothing is lost or reordered on the way.

/** A timer the test fires by hand: what is set, and whether it was cleared. */
function manualTimer() {
  const pending = new Map<number, { flush: () => void; ms: number }>();
  let next = 0;
  const timer: FlushTimer = {
    set(flush, ms) {
      pending.set(++next, { flush, ms });
      return next;
    },
    clear: (handle) => void pending.delete(handle as number),
  };
  const fire = () => {
    const due = [...pending.values()];
    pending.clear();
    for (const { flush } of due) flush();
  };
  return { timer, pending, fire };
}

function setUp() {
  const fake = createFakeContext();
  const writes: string[] = [];
  fake.ctx.io.out = (text) => void writes.push(text);
  const clock = manualTimer();
  const tally = new BatchTally();
  const writer = createRecordWriter(fake.ctx, tally, undefined, undefined, watchBatchStop(fake.ctx), clock.timer);
  return { writer, writes, clock, tally };
}

const record = (line: number, raw = `{"n":${line}}\n`): SourceRecord => ({ line, raw, endOffset: line * 10 });
const ok = (result: unknown): LineOutcome => ({ ok: true, status: 200, result });

describe('the record writer', () => {
  it('holds the records of many calls and writes them once, when the timer fires', () => {
    const { writer, writes, clock } = setUp();
    for (let line = 1; line <= 3; line++) writer.emit(record(line), ok({ id: line }));
    expect(writes).toEqual([]);
    expect([...clock.pending.values()].map((p) => p.ms)).toEqual([HELD_MS]); // one timer for all three
    clock.fire();
    expect(writes).toEqual([
      '{"line":1,"ok":true,"status":200,"result":{"id":1}}\n{"line":2,"ok":true,"status":200,"result":{"id":2}}\n{"line":3,"ok":true,"status":200,"result":{"id":3}}\n',
    ]);
    writer.emit(record(4), ok(null));
    expect(clock.pending.size).toBe(1); // the next record sets the timer again
  });

  it('writes at once when 64 KiB are held, and clears the timer', () => {
    const { writer, writes, clock } = setUp();
    const big = 'x'.repeat(HELD_BYTES / 2);
    writer.emit(record(1), ok(big));
    expect(writes).toEqual([]);
    writer.emit(record(2), ok(big));
    expect(writes.length).toBe(1);
    expect(
      writes[0]!
        .split('\n')
        .filter(Boolean)
        .map((l) => (JSON.parse(l) as { line: number }).line),
    ).toEqual([1, 2]);
    expect(clock.pending.size).toBe(0);
  });

  it('flush() writes what is held and cancels the timer, so nothing is written twice', () => {
    const { writer, writes, clock, tally } = setUp();
    writer.emit(record(1), ok(1));
    writer.emit(record(2), { ok: false, status: 404, error: { kind: 'api', message: 'not found' } });
    writer.flush();
    expect(writes.join('').split('\n').filter(Boolean).length).toBe(2);
    expect(clock.pending.size).toBe(0);
    writer.flush();
    expect(writes.length).toBe(1);
    expect([tally.succeeded, tally.failed]).toEqual([1, 1]);
  });
});

import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { mapLines, MAX_LINE_BYTES, splitLines } from '../../src/batch/lines.js';

// A line that never ends (`--input - < /dev/zero`, a file whose one line goes on for gigabytes): its
// bytes past the limit are dropped, and nothing else may be kept per chunk while it goes on.

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/**
 * `count` chunks of one line, no line break, then `tail`. The heap is measured after a collection,
 * halfway and at the end, while the line is still being read: what the reader holds for the line.
 */
function endlessLine(count: number, chunk: Buffer, tail: string, grown: { bytes: number }): AsyncGenerator<Uint8Array> {
  return (async function* () {
    let before = 0;
    for (let i = 1; i <= count; i++) {
      yield chunk;
      if (i === count / 2) {
        gc();
        before = process.memoryUsage().heapUsed;
      }
    }
    gc();
    grown.bytes = process.memoryUsage().heapUsed - before;
    yield Buffer.from(tail);
  })();
}

describe('a line that never ends holds bounded memory, however many chunks it spans', () => {
  it('200,000 chunks of one line past the limit grow the heap by under 2 MiB; the line is reported too long, and the next is read', async () => {
    // Small chunks make many of them: what is held per chunk shows, tens of MiB when each is kept.
    const grown = { bytes: 0 };
    const lines = [];
    for await (const line of splitLines(endlessLine(200_000, Buffer.alloc(64, 'x'), '\nnext\n', grown))) lines.push(line);
    expect(lines.map(({ number, text, tooLong }) => ({ number, text, tooLong }))).toEqual([
      { number: 1, text: '', tooLong: true },
      { number: 2, text: 'next', tooLong: undefined },
    ]);
    expect(lines[0]!.endOffset).toBe(200_000 * 64 + 1);
    expect(grown.bytes).toBeLessThan(2 * 1024 * 1024);
  });

  it('so do chunks a mapping skips: blank lines one after another, each its own chunk', async () => {
    const grown = { bytes: 0 };
    const kept = [];
    const blank = (line: { text: string }) => (line.text.trim() === '' ? undefined : line.text);
    for await (const text of mapLines(endlessLine(200_000, Buffer.from('   \n'), 'last\n', grown), blank)) kept.push(text);
    expect(kept).toEqual(['last']);
    expect(grown.bytes).toBeLessThan(2 * 1024 * 1024);
  });

  it('keeps a line of exactly the limit whole, across chunks', async () => {
    const grown = { bytes: 0 };
    const lines = [];
    for await (const line of splitLines(endlessLine(1024, Buffer.alloc(MAX_LINE_BYTES / 1024, 'y'), '\n', grown))) lines.push(line);
    expect(lines.map((line) => [line.text.length, line.tooLong])).toEqual([[MAX_LINE_BYTES, undefined]]);
  });
});

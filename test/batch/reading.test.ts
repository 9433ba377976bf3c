import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCsvRecords } from '../../src/batch/csv.js';
import { splitLines } from '../../src/batch/lines.js';

async function* chunksOf(text: string, sizes: readonly number[] = [text.length || 1]): AsyncGenerator<Uint8Array> {
  const bytes = Buffer.from(text);
  let at = 0;
  for (let i = 0; at < bytes.length; i++) {
    const size = Math.max(1, sizes[i % sizes.length]!);
    yield bytes.subarray(at, at + size);
    at += size;
  }
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

const csvRows = (text: string, sizes?: number[]) => collect(parseCsvRecords(splitLines(chunksOf(text, sizes))));

describe('splitLines', () => {
  it('numbers lines as the file does, keeps each line break, strips a leading byte-order mark', async () => {
    const lines = await collect(splitLines(chunksOf('\uFEFFa\r\n\nb\nlast')));
    expect(lines.map(({ number, text, eol }) => ({ number, text, eol }))).toEqual([
      { number: 1, text: 'a', eol: '\r\n' },
      { number: 2, text: '', eol: '\n' },
      { number: 3, text: 'b', eol: '\n' },
      { number: 4, text: 'last', eol: '' },
    ]);
    expect(lines.at(-1)!.endOffset).toBe(Buffer.byteLength('\uFEFFa\r\n\nb\nlast'));
  });

  it('gives the same lines however the bytes are chunked, multi-byte characters included', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.string({ unit: 'binary' }).map((s) => s.replace(/[\r\n]/g, '')),
          { maxLength: 8 },
        ),
        fc.array(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 5 }),
        async (texts, sizes) => {
          const input = texts.map((t) => `${t}\n`).join('');
          const lines = await collect(splitLines(chunksOf(input, sizes)));
          expect(lines.map((l) => l.text)).toEqual(texts.map((t, i) => (i === 0 ? t.replace(/^\uFEFF/, '') : t)));
        },
      ),
      { numRuns: 50 },
    );
  });

  it('gives the same lines, breaks and offsets however the bytes are chunked, with LF, CRLF and lone CR', async () => {
    const line = fc.tuple(
      fc.string({ maxLength: 4 }).map((s) => s.replace(/[\r\n]/g, '')),
      fc.constantFrom('\n', '\r\n', '\r'),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(line, { maxLength: 10 }),
        fc.string({ maxLength: 3 }).map((s) => s.replace(/[\r\n]/g, '')),
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 5 }),
        async (lines, last, sizes) => {
          const input = lines.map(([text, eol]) => text + eol).join('') + last;
          const whole = await collect(splitLines(chunksOf(input)));
          expect(await collect(splitLines(chunksOf(input, sizes)))).toEqual(whole);
          expect(whole.at(-1)?.endOffset ?? 0).toBe(Buffer.byteLength(input));
          expect(whole.map((l) => l.text + l.eol).join('')).toBe(input.replace(/^\uFEFF/, ''));
        },
      ),
      { numRuns: 100 },
    );
  });

  it('drops the text of a line over the limit but keeps counting lines', async () => {
    const lines = await collect(splitLines(chunksOf(`ok\n${'x'.repeat(50)}\nafter\n`, [7]), 20));
    expect(lines.map((l) => [l.number, l.text, l.tooLong === true])).toEqual([
      [1, 'ok', false],
      [2, '', true],
      [3, 'after', false],
    ]);
  });
});

describe('parseCsvRecords', () => {
  it('reads quotes, doubled quotes, commas and line breaks inside quoted cells', async () => {
    const rows = await csvRows('a,b,c\r\n"x, y","say ""hi""","two\r\nlines"\r\nplain,"",\r\n', [5]);
    expect(rows.map((r) => r.cells)).toEqual([
      ['a', 'b', 'c'],
      ['x, y', 'say "hi"', 'two\r\nlines'],
      ['plain', '', ''],
    ]);
    expect(rows.map((r) => r.line)).toEqual([1, 2, 4]);
    expect(rows[1]!.raw).toBe('"x, y","say ""hi""","two\r\nlines"\r\n');
  });

  it('skips blank lines between rows, keeping the file line numbers', async () => {
    const rows = await csvRows('h\n\n  \nv1\n\nv2');
    expect(rows.map((r) => [r.line, r.cells])).toEqual([
      [1, ['h']],
      [4, ['v1']],
      [6, ['v2']],
    ]);
  });

  it('keeps a quote inside an unquoted cell as text, as spreadsheets do', async () => {
    expect((await csvRows('5" screen,b\n'))[0]!.cells).toEqual(['5" screen', 'b']);
  });

  it('reports a broken row on its own line and goes on', async () => {
    const rows = await csvRows('"a"b,c\nok,1\n"never closed,2\nmore\n');
    expect(rows.map((r) => [r.line, r.problem ?? r.cells])).toEqual([
      [1, 'a quoted cell must be followed by a comma or the end of the row (column 1)'],
      [2, ['ok', '1']],
      [3, 'a quoted cell is not closed before the end of the input'],
    ]);
  });

  it('reads back any table written by RFC 4180 rules', async () => {
    const cell = fc.string({ maxLength: 6 }).map((s) => s.replace(/\r(?!\n)/g, ''));
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }).chain((width) => fc.array(fc.array(cell, { minLength: width, maxLength: width }), { minLength: 1, maxLength: 6 })),
        async (table) => {
          const rows = table.filter((row) => !(row.length === 1 && row[0]!.trim() === '')); // a lone blank cell is a blank line
          const quote = (c: string) => (/[",\r\n]/.test(c) || c !== c.trim() ? `"${c.replace(/"/g, '""')}"` : c);
          const text = rows.map((row) => row.map(quote).join(',')).join('\r\n');
          expect((await csvRows(text, [3])).map((r) => r.cells)).toEqual(rows);
        },
      ),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { type CsvRecord, parseCsvRecords } from '../../src/batch/csv.js';
import { MAX_LINE_BYTES, type SourceLine, splitLines } from '../../src/batch/lines.js';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

// CSV files as spreadsheets and scripts write them, LF and CRLF alike: what `svc ... --input x.csv`
// reads from each row, and what a rejects file repeats of a row it cannot read.

async function* fileBytes(text: string, chunk = 4096): AsyncGenerator<Uint8Array> {
  const bytes = Buffer.from(text);
  for (let at = 0; at < bytes.length; at += chunk) yield bytes.subarray(at, at + chunk);
}

async function readCsv(text: string): Promise<CsvRecord[]> {
  const records: CsvRecord[] = [];
  for await (const record of parseCsvRecords(splitLines(fileBytes(text)))) records.push(record);
  return records;
}

const TOO_LONG = 'the row is longer than 1 MiB, so it was not kept (nor copied to a rejects file)';

describe.each([
  ['LF', '\n'],
  ['CRLF', '\r\n'],
])('a %s file', (_name, eol) => {
  const file = ['id,note', '1,"two', 'lines"', '', '2,"say ""hi"", then go"', '3,"a', '', 'b",last'].join(eol) + eol;

  it('keeps the line break inside a quoted cell exactly as the file has it, blank lines included', async () => {
    const records = await readCsv(file);
    expect(records.map((r) => [r.line, r.cells])).toEqual([
      [1, ['id', 'note']],
      [2, ['1', `two${eol}lines`]],
      [5, ['2', 'say "hi", then go']],
      [6, ['3', `a${eol}${eol}b`, 'last']],
    ]);
    expect(records.every((r) => r.problem === undefined)).toBe(true);
  });

  it('gives each record its lines as read, and the byte offset where it ends', async () => {
    const records = await readCsv(file);
    expect(records.map((r) => r.raw)).toEqual([`id,note${eol}`, `1,"two${eol}lines"${eol}`, `2,"say ""hi"", then go"${eol}`, `3,"a${eol}${eol}b",last${eol}`]);
    const ends = records.map((r) => Buffer.byteLength(file.slice(0, file.indexOf(r.raw) + r.raw.length)));
    expect(records.map((r) => r.endOffset)).toEqual(ends);
  });

  it('rejects an unclosed quote at the end of the input with every line it took', async () => {
    const [ok, broken] = await readCsv(`1,a${eol}2,"never closed${eol}more${eol}`);
    expect(ok!.cells).toEqual(['1', 'a']);
    expect(broken).toEqual({
      line: 2,
      cells: [],
      raw: `2,"never closed${eol}more${eol}`,
      endOffset: Buffer.byteLength(`1,a${eol}2,"never closed${eol}more${eol}`),
      problem: 'a quoted cell is not closed before the end of the input',
    });
  });
});

describe('text after a closing quote is refused, never silently dropped', () => {
  it.each([
    ['x,"a"b', 2],
    ['"a"b,c', 1],
    ['x,"a" ,y', 2],
    ['x,"a""b"c', 2],
    ['1,2,"a"b"', 3],
  ])('%s: problem in column %i, the row kept raw for the rejects file', async (row, column) => {
    const [record] = await readCsv(`${row}\n`);
    expect(record).toMatchObject({
      line: 1,
      cells: [],
      raw: `${row}\n`,
      problem: `a quoted cell must be followed by a comma or the end of the row (column ${column})`,
    });
  });

  it('a refused row that spans lines is repeated whole, and the next row is read', async () => {
    const records = await readCsv('x,"a"b,"multi\nline"\nnext,1\n');
    expect(records.map((r) => [r.line, r.raw, r.problem ?? r.cells])).toEqual([
      [1, 'x,"a"b,"multi\nline"\n', 'a quoted cell must be followed by a comma or the end of the row (column 2)'],
      [3, 'next,1\n', ['next', '1']],
    ]);
  });

  it.each([
    ['"a",b', ['a', 'b']],
    ['"a"', ['a']],
    ['"a",', ['a', '']],
    ['x,"a""b"', ['x', 'a"b']],
    ['"",""', ['', '']],
    ['5" screen,b', ['5" screen', 'b']],
  ])('%s is well-formed: %j', async (row, cells) => {
    expect((await readCsv(`${row}\n`))[0]).toEqual({ line: 1, cells, raw: `${row}\n`, endOffset: row.length + 1 });
  });
});

describe('the 1 MiB cap holds for a record across lines, not just for one line', () => {
  // A record of exactly `total` bytes, line breaks included: a quoted cell over two LF lines.
  const spanning = (total: number, char = 'x'): string => {
    const first = Math.floor((total - 4) / 2);
    return `"${char.repeat(first)}\n${char.repeat(total - 4 - first)}",`;
  };

  it('keeps a record of exactly 1 MiB and refuses one byte more, with no raw text kept', async () => {
    const records = await readCsv(`${spanning(MAX_LINE_BYTES)}\n${spanning(MAX_LINE_BYTES + 1)}\nafter,1\n`);
    expect(records.map((r) => [r.line, r.problem ?? r.cells.map((c) => c.length)])).toEqual([
      [1, [MAX_LINE_BYTES - 3, 0]],
      [3, TOO_LONG],
      [5, [5, 1]],
    ]);
    expect(records[1]).toMatchObject({ cells: [], raw: '' });
  });

  it('counts bytes, not characters: 600,000 two-byte letters are over the cap', async () => {
    const records = await readCsv(`"${'é'.repeat(300_000)}\n${'é'.repeat(300_000)}"\nafter\n`);
    expect(records.map((r) => [r.line, r.problem ?? r.cells])).toEqual([
      [1, TOO_LONG],
      [3, ['after']],
    ]);
  });

  it('an unclosed quote swallowing the rest of a large file stops being kept at the cap', async () => {
    const line = 'y'.repeat(64 * 1024);
    const records = await readCsv(`ok\n"${Array.from({ length: 20 }, () => line).join('\n')}\n`);
    expect(records.map((r) => [r.line, r.raw.length, r.problem ?? r.cells])).toEqual([
      [1, 3, ['ok']],
      [2, 0, TOO_LONG],
    ]);
  });

  it('a record past the cap holds no more memory however long it goes on: 48 MiB of quoted cells keep under 8 MiB', async () => {
    // Lines made one by one, each its own string, as a file's are: what is kept shows in the heap.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const LINE = 64 * 1024;
    const COUNT = 768;
    let grown = 0;
    async function* lines(): AsyncGenerator<SourceLine> {
      yield { number: 1, text: '"start', eol: '\n', endOffset: 7 };
      gc();
      const before = process.memoryUsage().heapUsed;
      for (let number = 2; number <= COUNT; number++) {
        // Each line closes the cell, starts another (`","`) and leaves it open: cells and a cell both grow.
        yield { number, text: `${String(number).padStart(LINE, 'q')}","`, eol: '\n', endOffset: number * (LINE + 4) };
        if (number % 256 === 0) {
          gc();
          grown = Math.max(grown, process.memoryUsage().heapUsed - before);
        }
      }
      yield { number: COUNT + 1, text: 'end",1', eol: '\n', endOffset: (COUNT + 1) * (LINE + 4) };
    }
    const records: CsvRecord[] = [];
    for await (const record of parseCsvRecords(lines())) records.push(record);
    expect(records.map((r) => [r.line, r.raw, r.cells, r.problem])).toEqual([[1, '', [], TOO_LONG]]);
    expect(grown).toBeLessThan(8 * 1024 * 1024);
  });

  it('a line over the cap is refused, on its own or inside a quoted cell', async () => {
    const long = 'z'.repeat(MAX_LINE_BYTES + 1);
    const records = await readCsv(`${long}\n"a\n${long}\nb"\nnext\n`);
    expect(records.map((r) => [r.line, r.raw, r.problem ?? r.cells])).toEqual([
      [1, '', TOO_LONG],
      [2, '', TOO_LONG],
      [5, 'next\n', ['next']],
    ]);
  });
});

describe('a classic Mac file (CR line breaks)', () => {
  it('keeps the CR inside a quoted cell that spans lines', async () => {
    const records = await readCsv('id,note\r1,"two\rlines"\r2,x\r');
    expect(records.map((r) => [r.line, r.cells, r.raw])).toEqual([
      [1, ['id', 'note'], 'id,note\r'],
      [2, ['1', 'two\rlines'], '1,"two\rlines"\r'],
      [4, ['2', 'x'], '2,x\r'],
    ]);
  });
});

describe('bytes that are not UTF-8 (a Latin-1 export)', () => {
  async function readBytes(bytes: Buffer): Promise<CsvRecord[]> {
    const records: CsvRecord[] = [];
    async function* source(): AsyncGenerator<Uint8Array> {
      yield bytes;
    }
    for await (const record of parseCsvRecords(splitLines(source()))) records.push(record);
    return records;
  }
  const latin1 = (text: string) => Buffer.from(text, 'latin1');

  it('refuse the row they are in, which is not repeated in a rejects file; the rows around it are read', async () => {
    const records = await readBytes(latin1('id,note\n1,café\n2,ok\n'));
    expect(records.map((r) => [r.line, r.cells, r.raw])).toEqual([
      [1, ['id', 'note'], 'id,note\n'],
      [2, [], ''],
      [3, ['2', 'ok'], '2,ok\n'],
    ]);
    expect(records[1]!.problem).toMatch(/^the line is not valid UTF-8 \(byte 0xE9 at column 6;/);
  });

  it('on a later line of a quoted cell refuse the whole record', async () => {
    const records = await readBytes(latin1('id,note\n1,"first\nsecond é"\n2,ok\n'));
    expect(records.map((r) => [r.line, r.cells, r.raw])).toEqual([
      [1, ['id', 'note'], 'id,note\n'],
      [2, [], ''],
      [4, ['2', 'ok'], '2,ok\n'],
    ]);
    expect(records[1]!.problem).toMatch(/^the line is not valid UTF-8 \(byte 0xE9 at column 8;/);
  });

  it('in a row already refused for a stray quote: the first problem found is the one reported', async () => {
    const [, record] = await readBytes(latin1('id,note\nx,"a"b é\n'));
    expect(record!.problem).not.toMatch(/UTF-8/);
    expect(record!.raw).toBe('');
  });
});

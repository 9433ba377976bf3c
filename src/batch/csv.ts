import { MAX_LINE_BYTES, type SourceLine } from './lines.js';

/** One CSV record (RFC 4180): it starts on `line` and may span several lines inside quotes. */
export interface CsvRecord {
  line: number;
  cells: string[];
  /** The record's lines exactly as read, line breaks included: what a rejects file repeats. */
  raw: string;
  endOffset: number;
  /** Why the record cannot be read; its cells are then not to be trusted. */
  problem?: string;
}

interface Scan {
  cells: string[];
  cell: string;
  /** Inside a quoted cell that goes on past the end of the line. */
  quoted: boolean;
  problem?: string;
  /** Too long to keep, or not UTF-8 text: the row cannot be repeated faithfully in a rejects file. */
  dropRaw?: boolean;
}

/**
 * Groups lines into CSV records: comma-separated, `"` quotes a cell, `""` is a quote inside one, and
 * a quoted cell may hold commas and line breaks. A blank line between records is skipped. A quote
 * inside an unquoted cell is kept as text, as spreadsheets do.
 */
export async function* parseCsvRecords(lines: AsyncIterable<SourceLine>): AsyncGenerator<CsvRecord> {
  let open: { record: CsvRecord; scan: Scan; bytes: number } | undefined;
  for await (const source of lines) {
    if (!open) {
      if (source.text.trim() === '' && !source.tooLong) continue;
      const record: CsvRecord = { line: source.number, cells: [], raw: source.text + source.eol, endOffset: source.endOffset };
      open = { record, scan: { cells: [], cell: '', quoted: false }, bytes: Buffer.byteLength(source.text) };
      if (source.tooLong) open.scan.problem = tooLongProblem;
      else scanLine(source.text, open.scan);
      if (source.invalid) [open.scan.problem, open.scan.dropRaw] = [open.scan.problem ?? source.invalid, true];
    } else {
      continueRecord(open, source);
    }
    if (open.scan.quoted) continue;
    yield finish(open.record, open.scan);
    open = undefined;
  }
  if (open) {
    open.scan.problem ??= 'a quoted cell is not closed before the end of the input';
    yield finish(open.record, open.scan);
  }
}

/**
 * Adds the next line of a record whose quoted cell spans lines. The record's bytes, line breaks
 * included, are capped like one line's; a record over the cap is not kept, whatever else is wrong
 * with it, but is still scanned to find where it ends.
 */
function continueRecord(open: { record: CsvRecord; scan: Scan; bytes: number }, source: SourceLine): void {
  const eol = lastEol(open.record.raw);
  open.record.endOffset = source.endOffset;
  open.bytes += eol.length + Buffer.byteLength(source.text);
  if (source.tooLong || open.bytes > MAX_LINE_BYTES) open.scan.problem = tooLongProblem;
  if (open.scan.problem === tooLongProblem) {
    scanLine(source.text, open.scan); // only to find where the record ends; nothing is kept
    open.scan.cells = [];
    open.scan.cell = '';
    return;
  }
  open.scan.cell += eol; // the line break inside the quoted cell, as it was
  open.record.raw += source.text + source.eol;
  scanLine(source.text, open.scan);
  if (source.invalid) [open.scan.problem, open.scan.dropRaw] = [open.scan.problem ?? source.invalid, true];
}

const lastEol = (raw: string): string => (raw.endsWith('\r\n') ? '\r\n' : raw.endsWith('\r') ? '\r' : '\n');

const tooLongProblem = `the row is longer than ${MAX_LINE_BYTES / 1024 / 1024} MiB, so it was not kept (nor copied to a rejects file)`;

function finish(record: CsvRecord, scan: Scan): CsvRecord {
  if (scan.problem) return { ...record, raw: scan.dropRaw || scan.problem === tooLongProblem ? '' : record.raw, problem: scan.problem };
  return { ...record, cells: scan.cells };
}

/** Reads one line's cells into the scan; a quoted cell still open at the end goes on on the next line. */
function scanLine(text: string, scan: Scan): void {
  let i = 0;
  for (;;) {
    if (scan.quoted) {
      i = readQuoted(text, i, scan);
      if (i === -1) return;
      const comma = text.indexOf(',', i);
      if ((comma === -1 ? text.length : comma) > i)
        scan.problem ??= `a quoted cell must be followed by a comma or the end of the row (column ${scan.cells.length + 1})`;
      scan.cells.push(scan.cell);
      scan.cell = '';
      if (comma === -1) return;
      i = comma + 1;
    } else if (text[i] === '"') {
      scan.quoted = true;
      i++;
    } else {
      const comma = text.indexOf(',', i);
      scan.cells.push(comma === -1 ? text.slice(i) : text.slice(i, comma));
      if (comma === -1) return;
      i = comma + 1;
    }
  }
}

/** Reads a quoted cell from `i`; returns the index after its closing quote, or -1 if the line ends first. */
function readQuoted(text: string, from: number, scan: Scan): number {
  let i = from;
  for (;;) {
    const quote = text.indexOf('"', i);
    if (quote === -1) {
      scan.cell += text.slice(i);
      return -1;
    }
    scan.cell += text.slice(i, quote);
    if (text[quote + 1] !== '"') {
      scan.quoted = false;
      return quote + 1;
    }
    scan.cell += '"';
    i = quote + 2;
  }
}

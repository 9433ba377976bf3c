/** One physical line of an input: its number in the file (from 1), its text, where it ends. */
export interface SourceLine {
  number: number;
  /** Without the line break. Empty when the line was too long to keep. */
  text: string;
  /** The line break as it was: `\n`, `\r\n`, or nothing at the end of the input. */
  eol: '\n' | '\r\n' | '';
  /** Byte offset just past the line, for a progress fraction of the file. */
  endOffset: number;
  /** Longer than the limit: its text was dropped to keep memory bounded. */
  tooLong?: boolean;
}

/**
 * A line longer than this is not kept (a binary file or a missing newline must not exhaust memory).
 * The mock refuses bodies over 1 MiB too, so no useful line is lost.
 */
export const MAX_LINE_BYTES = 1024 * 1024;

const NEWLINE = 0x0a;

/**
 * Splits a byte stream into numbered lines. Splitting bytes at 0x0A is safe for UTF-8 (the byte
 * never occurs inside a multi-byte character), and gives exact offsets for the progress bar.
 */
export async function* splitLines(chunks: AsyncIterable<Uint8Array>, maxBytes = MAX_LINE_BYTES): AsyncGenerator<SourceLine> {
  let parts: Buffer[] = [];
  let partBytes = 0;
  let tooLong = false;
  let offset = 0;
  let number = 0;
  const take = (tail: Buffer, ended: boolean): SourceLine => {
    number++;
    const bytes = partBytes + tail.length;
    const over = tooLong || bytes > maxBytes;
    let text = over ? '' : decodeLine(parts.length === 0 ? tail : Buffer.concat([...parts, tail]), number);
    const crlf = text.endsWith('\r');
    if (crlf) text = text.slice(0, -1);
    const line: SourceLine = { number, text, eol: ended ? (crlf ? '\r\n' : '\n') : '', endOffset: offset };
    if (over) line.tooLong = true;
    parts = [];
    partBytes = 0;
    tooLong = false;
    return line;
  };
  for await (const chunk of chunks) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    let start = 0;
    for (let end = buffer.indexOf(NEWLINE); end !== -1; end = buffer.indexOf(NEWLINE, start)) {
      offset += end + 1 - start;
      yield take(buffer.subarray(start, end), true);
      start = end + 1;
    }
    offset += buffer.length - start;
    if (start < buffer.length) keep(buffer.subarray(start));
  }
  if (partBytes > 0 || tooLong) yield take(Buffer.alloc(0), false);

  function keep(rest: Buffer): void {
    partBytes += rest.length;
    if (tooLong || partBytes > maxBytes) {
      tooLong = true;
      parts = [];
    } else parts.push(Buffer.from(rest)); // a copy: the stream may reuse its chunk
  }
}

function decodeLine(bytes: Buffer, number: number): string {
  const text = bytes.toString('utf8');
  // Spreadsheet exports start with a byte-order mark; it is not part of the first column's name.
  return number === 1 && text.startsWith('\uFEFF') ? text.slice(1) : text;
}

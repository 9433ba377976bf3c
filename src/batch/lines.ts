/** One physical line of an input: its number in the file (from 1), its text, where it ends. */
export interface SourceLine {
  number: number;
  /** Without the line break. Empty when the line was too long to keep. */
  text: string;
  /** The line break as it was: `\n`, `\r\n`, `\r` (classic Mac), or nothing at the end of the input. */
  eol: '\n' | '\r\n' | '\r' | '';
  /** Byte offset just past the line, for a progress fraction of the file. */
  endOffset: number;
  /** Longer than the limit: its text was dropped to keep memory bounded. */
  tooLong?: boolean;
  /** Why its bytes are not UTF-8 text: the line is not sent, `text` is only good for finding where a CSV row ends. */
  invalid?: string;
}

/**
 * A line longer than this is not kept (a binary file or a missing newline must not exhaust memory).
 * The mock refuses bodies over 1 MiB too, so no useful line is lost.
 */
export const MAX_LINE_BYTES = 1024 * 1024;

const LF = 0x0a;
const CR = 0x0d;

/**
 * Splits a byte stream into numbered lines at LF, CRLF or a lone CR (issue #10: every line-ending
 * convention). Splitting bytes at 0x0A and 0x0D is safe for UTF-8 (neither byte occurs inside a
 * multi-byte character), and gives exact offsets for the progress bar. A CR that ends a chunk
 * waits for the next byte, which says whether it was CRLF.
 */
export function splitLines(chunks: AsyncIterable<Uint8Array>, maxBytes = MAX_LINE_BYTES): AsyncIterableIterator<SourceLine> {
  return new LineReader(chunks, maxBytes, (line) => line);
}

/**
 * As splitLines, each line turned into what `map` makes of it (none when undefined) as it is split:
 * a chunk's lines are split at once and handed out one by one, not through a generator per layer,
 * whose awaits per line were a measurable share of a batch's CPU per line (issue #13).
 */
export function mapLines<T>(chunks: AsyncIterable<Uint8Array>, map: (line: SourceLine) => T | undefined, maxBytes = MAX_LINE_BYTES): AsyncIterableIterator<T> {
  return new LineReader(chunks, maxBytes, map);
}

class LineReader<T> implements AsyncIterableIterator<T> {
  private readonly source: AsyncIterator<Uint8Array>;
  private readonly line: ReturnType<typeof createLineBuilder>;
  private readonly breaks = new BreakFinder();
  private ready: T[] = [];
  private taken = 0;
  private held: SourceLine | undefined; // ended by a CR at the end of a chunk
  private offset = 0;
  private ended = false;
  private reading: Promise<void> | undefined;

  constructor(
    chunks: AsyncIterable<Uint8Array>,
    maxBytes: number,
    private readonly map: (line: SourceLine) => T | undefined,
  ) {
    this.source = chunks[Symbol.asyncIterator]();
    this.line = createLineBuilder(maxBytes);
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  async next(): Promise<IteratorResult<T>> {
    while (this.taken === this.ready.length && !this.ended) await (this.reading ??= this.read().finally(() => (this.reading = undefined)));
    if (this.taken === this.ready.length) return { done: true, value: undefined };
    const value = this.ready[this.taken]!;
    this.ready[this.taken++] = undefined as T; // handed out: not kept alive by the queue
    return { done: false, value };
  }

  async return(): Promise<IteratorResult<T>> {
    this.ended = true;
    this.ready = [];
    this.taken = 0;
    await this.source.return?.();
    return { done: true, value: undefined };
  }

  private async read(): Promise<void> {
    this.ready = [];
    this.taken = 0;
    const next = await this.source.next();
    if (next.done) return this.finish();
    const chunk = next.value;
    this.split(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  }

  private split(buffer: Buffer): void {
    const { line, breaks } = this;
    breaks.reset(buffer);
    let start = 0;
    if (this.held) {
      if (buffer[0] === LF) {
        this.held.eol = '\r\n';
        this.held.endOffset++;
        this.offset++;
        start = 1;
      }
      this.push(this.held);
      this.held = undefined;
    }
    for (let end = breaks.next(start); end !== -1; end = breaks.next(start)) {
      const crlf = buffer[end] === CR && buffer[end + 1] === LF;
      const next = end + (crlf ? 2 : 1);
      this.offset += next - start;
      const taken = line.take(buffer.subarray(start, end), crlf ? '\r\n' : buffer[end] === CR ? '\r' : '\n', this.offset);
      start = next;
      if (buffer[end] === CR && !crlf && end === buffer.length - 1) this.held = taken;
      else this.push(taken);
    }
    this.offset += buffer.length - start;
    if (start < buffer.length) line.keep(buffer.subarray(start));
  }

  private finish(): void {
    this.ended = true;
    if (this.held) this.push(this.held);
    if (this.line.pending()) this.push(this.line.take(Buffer.alloc(0), '', this.offset));
  }

  private push(line: SourceLine): void {
    const value = this.map(line);
    if (value !== undefined) this.ready.push(value);
  }
}

/**
 * The next LF or CR in a chunk. Where the next CR is, is remembered until it is passed: searched
 * afresh for every line, a chunk without a CR (most files) was scanned to its end once per line,
 * a measurable share of a batch's CPU per line (issue #13).
 */
class BreakFinder {
  private buffer: Buffer = Buffer.alloc(0);
  /** The next CR at or after the last search's start; -1: none left in the chunk. */
  private cr = -1;

  reset(buffer: Buffer): void {
    this.buffer = buffer;
    this.cr = buffer.indexOf(CR);
  }

  next(from: number): number {
    if (this.cr !== -1 && this.cr < from) this.cr = this.buffer.indexOf(CR, from);
    const lf = this.buffer.indexOf(LF, from);
    return this.cr === -1 || (lf !== -1 && lf < this.cr) ? lf : this.cr;
  }
}

/** The bytes of the line being read, kept up to the limit. */
function createLineBuilder(maxBytes: number) {
  let parts: Buffer[] = [];
  let partBytes = 0;
  let tooLong = false;
  let number = 0;
  return {
    pending: () => partBytes > 0 || tooLong,
    keep(rest: Buffer): void {
      partBytes += rest.length;
      if (tooLong || partBytes > maxBytes) {
        tooLong = true;
        parts = [];
      } else parts.push(Buffer.from(rest)); // a copy: the stream may reuse its chunk
    },
    take(tail: Buffer, eol: SourceLine['eol'], endOffset: number): SourceLine {
      number++;
      const over = tooLong || partBytes + tail.length > maxBytes;
      const line: SourceLine = over ? { number, text: '', eol, endOffset, tooLong: true } : { number, eol, endOffset, ...decodeLine(parts.length === 0 ? tail : Buffer.concat([...parts, tail]), number) };
      parts = [];
      partBytes = 0;
      tooLong = false;
      return line;
    },
  };
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lenientUtf8 = new TextDecoder('utf-8', { ignoreBOM: true });

/** A line's text; bytes that are not UTF-8 (a Latin-1 export's é) make it invalid rather than silently U+FFFD. */
function decodeLine(bytes: Buffer, number: number): { text: string; invalid?: string } {
  let text: string;
  let invalid: string | undefined;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    text = lenientUtf8.decode(bytes);
    invalid = describeInvalid(bytes, text, number);
  }
  // Spreadsheet exports start with a byte-order mark; it is not part of the first column's name.
  if (number === 1 && text.startsWith('\uFEFF')) text = text.slice(1);
  return invalid === undefined ? { text } : { text, invalid };
}

function describeInvalid(bytes: Buffer, text: string, number: number): string {
  if (number === 1 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))) {
    return 'the file is UTF-16 (it starts with a UTF-16 byte-order mark); save it as UTF-8. The line was not sent (nor copied to a rejects file)';
  }
  const column = text.indexOf('\uFFFD');
  const at = Buffer.byteLength(text.slice(0, column));
  return `the line is not valid UTF-8 (byte 0x${bytes[at]!.toString(16).toUpperCase().padStart(2, '0')} at column ${column + 1}; a Latin-1 or Windows-1252 export?): save the file as UTF-8. The line was not sent (nor copied to a rejects file)`;
}

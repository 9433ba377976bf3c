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
 * Splits a byte stream into numbered lines at LF, CRLF or a lone CR (every line-ending
 * convention). Splitting bytes at 0x0A and 0x0D is safe for UTF-8 (neither byte occurs inside a
 * multi-byte character), and gives exact offsets for the progress bar. A CR that ends a chunk
 * waits for the next byte, which says whether it was CRLF.
 */
export function splitLines(chunks: AsyncIterable<Uint8Array>, maxBytes = MAX_LINE_BYTES): AsyncIterableIterator<SourceLine> {
  return new LineReader(chunks, maxBytes, (line) => line);
}

/**
 * As splitLines, each line turned into what `map` makes of it (none when undefined), one line per
 * `next()`: no generator per layer, whose awaits per line were a measurable share of a batch's CPU
 * per line, and no chunk split at once, whose thousands of waiting lines outlived V8's young
 * generation and made it grow with the length of the input.
 */
export function mapLines<T>(chunks: AsyncIterable<Uint8Array>, map: (line: SourceLine) => T | undefined, maxBytes = MAX_LINE_BYTES): AsyncIterableIterator<T> {
  return new LineReader(chunks, maxBytes, map);
}

class LineReader<T> implements AsyncIterableIterator<T> {
  private readonly source: AsyncIterator<Uint8Array>;
  private readonly line: ReturnType<typeof createLineBuilder>;
  private readonly breaks = new BreakFinder();
  /** The chunk being split, from `start`; undefined once its last break is passed. */
  private buffer: Buffer | undefined;
  private start = 0;
  /** Lines found but not yet handed out: one held by a CR, the last one. */
  private queue: SourceLine[] = [];
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

  next(): Promise<IteratorResult<T>> {
    const value = this.take();
    if (value !== undefined) return Promise.resolve({ done: false, value });
    if (this.ended) return Promise.resolve({ done: true, value: undefined });
    return this.fill();
  }

  /**
   * Reads chunks until one completes a line that maps to a value, or the input ends: one loop. A
   * promise per chunk, each resolved with the next one's, would chain as many promises as a line
   * has chunks, all held until it ends: a line that never ends (`--input - < /dev/zero`) would
   * hold memory without bound though its bytes are dropped.
   */
  private async fill(): Promise<IteratorResult<T>> {
    for (;;) {
      await (this.reading ??= this.read().finally(() => (this.reading = undefined)));
      const value = this.take();
      if (value !== undefined) return { done: false, value };
      if (this.ended) return { done: true, value: undefined };
    }
  }

  /** The next line of the chunk in hand that maps to a value; undefined when the chunk has none left. */
  private take(): T | undefined {
    for (let line = this.nextLine(); line; line = this.nextLine()) {
      const value = this.map(line);
      if (value !== undefined) return value;
    }
    return undefined;
  }

  async return(): Promise<IteratorResult<T>> {
    this.ended = true;
    this.buffer = undefined;
    this.queue = [];
    await this.source.return?.();
    return { done: true, value: undefined };
  }

  private async read(): Promise<void> {
    const next = await this.source.next();
    if (this.ended) return;
    if (next.done) return this.finish();
    const chunk = next.value;
    // Kept until its last line is taken: Node's streams hand each chunk over for good.
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    this.breaks.reset(buffer);
    this.start = 0;
    if (this.held) {
      if (buffer[0] === LF) {
        this.held.eol = '\r\n';
        this.held.endOffset++;
        this.offset++;
        this.start = 1;
      }
      this.queue.push(this.held);
      this.held = undefined;
    }
    this.buffer = buffer;
  }

  /** The next whole line of the chunk; undefined when the chunk has none left (its rest is kept for the next). */
  private nextLine(): SourceLine | undefined {
    if (this.queue.length > 0) return this.queue.shift();
    const { buffer, start, line } = this;
    if (!buffer) return undefined;
    const end = this.breaks.next(start);
    if (end === -1) {
      this.offset += buffer.length - start;
      if (start < buffer.length) line.keep(buffer.subarray(start));
      this.buffer = undefined;
      return undefined;
    }
    const crlf = buffer[end] === CR && buffer[end + 1] === LF;
    const next = end + (crlf ? 2 : 1);
    this.offset += next - start;
    this.start = next;
    const taken = line.take(buffer.subarray(start, end), crlf ? '\r\n' : buffer[end] === CR ? '\r' : '\n', this.offset);
    if (buffer[end] !== CR || crlf || end !== buffer.length - 1) return taken;
    this.held = taken; // a CR at the very end: the next chunk says whether it was CRLF
    return this.nextLine();
  }

  private finish(): void {
    this.ended = true;
    if (this.held) this.queue.push(this.held);
    this.held = undefined;
    if (this.line.pending()) this.queue.push(this.line.take(Buffer.alloc(0), '', this.offset));
  }
}

/**
 * The next LF or CR in a chunk. Where the next CR is, is remembered until it is passed: searched
 * afresh for every line, a chunk without a CR (most files) was scanned to its end once per line,
 * a measurable share of a batch's CPU per line.
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
      const line: SourceLine = over
        ? { number, text: '', eol, endOffset, tooLong: true }
        : { number, eol, endOffset, ...decodeLine(parts.length === 0 ? tail : Buffer.concat([...parts, tail]), number) };
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

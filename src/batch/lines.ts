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
export async function* splitLines(chunks: AsyncIterable<Uint8Array>, maxBytes = MAX_LINE_BYTES): AsyncGenerator<SourceLine> {
  const line = createLineBuilder(maxBytes);
  let held: SourceLine | undefined; // ended by a CR at the end of a chunk
  let offset = 0;
  for await (const chunk of chunks) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    let start = 0;
    if (held) {
      if (buffer[0] === LF) {
        held.eol = '\r\n';
        held.endOffset++;
        offset++;
        start = 1;
      }
      yield held;
      held = undefined;
    }
    for (let end = nextBreak(buffer, start); end !== -1; end = nextBreak(buffer, start)) {
      const crlf = buffer[end] === CR && buffer[end + 1] === LF;
      const next = end + (crlf ? 2 : 1);
      offset += next - start;
      const taken = line.take(buffer.subarray(start, end), crlf ? '\r\n' : buffer[end] === CR ? '\r' : '\n', offset);
      start = next;
      if (buffer[end] === CR && !crlf && end === buffer.length - 1) held = taken;
      else yield taken;
    }
    offset += buffer.length - start;
    if (start < buffer.length) line.keep(buffer.subarray(start));
  }
  if (held) yield held;
  if (line.pending()) yield line.take(Buffer.alloc(0), '', offset);
}

function nextBreak(buffer: Buffer, from: number): number {
  const lf = buffer.indexOf(LF, from);
  const cr = buffer.indexOf(CR, from);
  return cr === -1 || (lf !== -1 && lf < cr) ? lf : cr;
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

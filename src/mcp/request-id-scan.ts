// The id of a JSON-RPC request too large to read, found without reading it: a scan of the bytes of
// its line as they arrive, which follows the top-level members of the object and skips everything
// inside them. Memory is a few counters and at most MAX_CAPTURE bytes; time is one pass, with no
// parse or allocation per member (src/mcp/member-name.ts reads a member's name).

import { memberNamed } from './member-name.js';

/** The longest member name or id kept while scanning; one longer is none svc needs, or an id it will not answer to. */
const MAX_CAPTURE = 1024;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;

/** Bytes JSON allows outside strings: structure, whitespace, numbers and the letters of true, false and null. */
const TOKEN = new Uint8Array(256);
for (const char of '{}[],: \t\r\n0123456789-+.eEtruefalsn') TOKEN[char.charCodeAt(0)] = 1;
const isSpace = (byte: number) => byte === 0x20 || byte === 0x09 || byte === 0x0d || byte === 0x0a;

/** Where the scan is in the top-level object: before a member's name, before its colon, before its value, after it. */
type Phase = 'name' | 'colon' | 'value' | 'next';
/** What a string or number being read is kept for. */
type Capture = 'name' | 'id' | 'none';

/**
 * Feeds the bytes of one line, in pieces split anywhere; `end()` says the request's id: a string or
 * a finite number, as JSON.parse would read the line (the last top-level `id` member counts, its
 * name spelled with escapes or not), or null when the line is not a JSON object, is cut short, is
 * not a request (no top-level `method` string: a response's id is the other side's), or has no id
 * it can be answered to (absent, null, another type, or longer than MAX_CAPTURE bytes).
 */
export class RequestIdScan {
  #depth = 0;
  #started = false;
  #broken = false;
  #phase: Phase = 'name';
  #inString = false;
  #escaped = false;
  /** In a number or a literal at the top level (the value of a member). */
  #inAtom = false;
  #capture: Capture = 'none';
  /** The bytes of the name or id being read: `#keptLength` of them, never more than MAX_CAPTURE. */
  #kept = new Uint8Array(MAX_CAPTURE);
  #keptLength = 0;
  #overflow = false;
  /** The member whose value comes next. */
  #member: 'id' | 'method' | 'other' = 'other';
  #id: string | number | null = null;
  #isRequest = false;

  feed(bytes: Uint8Array): void {
    let i = 0;
    while (i < bytes.length && !this.#broken) {
      if (this.#inString) i = this.#string(bytes, i);
      else if (this.#depth > 1) i = this.#nested(bytes, i);
      else i = this.#token(bytes, i);
    }
  }

  end(): string | number | null {
    if (this.#inAtom) this.#endAtom();
    const whole = this.#started && this.#depth === 0 && !this.#inString && !this.#broken;
    return whole && this.#isRequest ? this.#id : null;
  }

  // The loops below see every byte of a large line: written out, with locals, a step each.

  /** Inside a string: to its closing quote, past escapes, with the bytes kept when they are a name or the id. */
  #string(bytes: Uint8Array, from: number): number {
    let escaped = this.#escaped;
    let end = bytes.length;
    for (let i = from; i < bytes.length; i++) {
      const byte = bytes[i]!;
      if (escaped) escaped = false;
      else if (byte === BACKSLASH) escaped = true;
      else if (byte === QUOTE) {
        end = i;
        break;
      }
    }
    if (this.#capture !== 'none') this.#keepAll(bytes, from, end);
    if (end === bytes.length) {
      this.#escaped = escaped;
      return end;
    }
    this.#escaped = false;
    this.#inString = false;
    this.#endString();
    return end + 1;
  }

  /** Inside a member's value (below the top level): only the depth and where strings start matter, and that each byte may be there. */
  #nested(bytes: Uint8Array, from: number): number {
    let depth = this.#depth;
    for (let i = from; i < bytes.length; i++) {
      const byte = bytes[i]!;
      if (byte === QUOTE) {
        this.#depth = depth;
        this.#openString('none');
        return i + 1;
      }
      if (byte === OPEN_BRACE || byte === OPEN_BRACKET) depth++;
      else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
        if (--depth === 1) {
          this.#depth = 1;
          this.#phase = 'next';
          return i + 1;
        }
      } else if (!TOKEN[byte]) return this.#break();
    }
    this.#depth = depth;
    return bytes.length;
  }

  /** Outside strings: a run of whitespace, a number or a literal, or one byte of structure. */
  #token(bytes: Uint8Array, i: number): number {
    if (this.#inAtom) return this.#atom(bytes, i);
    const byte = bytes[i]!;
    if (isSpace(byte)) return skipSpaces(bytes, i);
    if (!TOKEN[byte] && byte !== QUOTE) return this.#break();
    if (!this.#started) {
      this.#started = true;
      this.#depth = byte === OPEN_BRACE ? 1 : 0;
      return byte === OPEN_BRACE ? i + 1 : this.#break();
    }
    if (this.#depth === 0) return this.#break(); // something after the object
    return (this.#topLevel(byte), i + 1);
  }

  /** In a number or a literal at the top level: to the byte after it (left for #token), kept when it is the id. */
  #atom(bytes: Uint8Array, from: number): number {
    let i = from;
    for (; i < bytes.length; i++) {
      const byte = bytes[i]!;
      if (!TOKEN[byte] && byte !== QUOTE) {
        this.#keepAll(bytes, from, i);
        return this.#break();
      }
      if (byte === COMMA || byte === CLOSE_BRACE || byte === CLOSE_BRACKET || isSpace(byte)) break;
    }
    this.#keepAll(bytes, from, i);
    if (i < bytes.length) this.#endAtom();
    return i;
  }

  /** A byte at the top level of the object: a member's name, its colon, its value, the comma or the end. */
  #topLevel(byte: number): void {
    const phase = this.#phase;
    if (phase === 'name' && byte === QUOTE) return this.#openString('name');
    if (phase === 'colon' && byte === COLON) return void (this.#phase = 'value');
    if (phase === 'next' && byte === COMMA) return void (this.#phase = 'name');
    if ((phase === 'next' || phase === 'name') && byte === CLOSE_BRACE) return void (this.#depth = 0);
    if (phase !== 'value') return void this.#break();
    // The start of a value.
    if (this.#member === 'method') this.#isRequest = byte === QUOTE;
    if (this.#member === 'id' && byte !== QUOTE && byte !== 0x2d && !(byte >= 0x30 && byte <= 0x39)) this.#id = null;
    if (byte === QUOTE) return this.#openString(this.#member === 'id' ? 'id' : 'none');
    if (byte === OPEN_BRACE || byte === OPEN_BRACKET) return void (this.#depth = 2);
    if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET || byte === COMMA || byte === COLON) return void this.#break();
    this.#inAtom = true;
    this.#startCapture(this.#member === 'id' ? 'id' : 'none');
    this.#kept[0] = byte;
    this.#keptLength = 1;
  }

  #openString(capture: Capture): void {
    this.#inString = true;
    this.#startCapture(capture);
  }

  #startCapture(capture: Capture): void {
    this.#capture = capture;
    this.#keptLength = 0;
    this.#overflow = false;
  }

  /** Keeps bytes[from, to) of the name or id being read, up to MAX_CAPTURE; past it, the capture overflows. */
  #keepAll(bytes: Uint8Array, from: number, to: number): void {
    if (this.#capture === 'none' || to <= from) return;
    const room = MAX_CAPTURE - this.#keptLength;
    if (to - from > room) this.#overflow = true;
    const end = Math.min(to, from + room);
    const kept = this.#kept;
    let length = this.#keptLength;
    for (let i = from; i < end; i++) kept[length++] = bytes[i]!;
    this.#keptLength = length;
  }

  #endString(): void {
    const capture = this.#capture;
    this.#capture = 'none';
    if (this.#depth !== 1) return;
    if (this.#phase === 'name') {
      this.#member = this.#overflow ? 'other' : memberNamed(this.#kept, this.#keptLength);
      this.#phase = 'colon';
      return;
    }
    this.#phase = 'next';
    if (capture === 'id') this.#id = this.#overflow ? null : ((parsed(`"${this.#text()}"`) as string | undefined) ?? null);
  }

  #endAtom(): void {
    this.#inAtom = false;
    this.#phase = 'next';
    if (this.#capture !== 'id') return;
    this.#capture = 'none';
    const value = this.#overflow ? undefined : parsed(this.#text());
    this.#id = typeof value === 'number' && Number.isFinite(value) ? value : null;
  }

  #text(): string {
    return Buffer.from(this.#kept.subarray(0, this.#keptLength)).toString('utf8');
  }

  #break(): number {
    this.#broken = true;
    return Number.MAX_SAFE_INTEGER;
  }
}

/** Where the run of whitespace at `from` ends. */
function skipSpaces(bytes: Uint8Array, from: number): number {
  let i = from;
  while (i < bytes.length && isSpace(bytes[i]!)) i++;
  return i;
}

/** JSON.parse of a string or a number's text; undefined when it is not one. */
function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

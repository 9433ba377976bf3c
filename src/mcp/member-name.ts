// The name of a top-level member of a JSON-RPC line too large to read (src/mcp/request-id-scan.ts),
// from its bytes as they came, without a parse or an allocation: a line of millions of members then
// costs one pass. Only `id` and `method` matter to the scan.

const BACKSLASH = 0x5c;
const LETTER_U = 0x75;
const ID = Buffer.from('id');
const METHOD = Buffer.from('method');

/**
 * The member a name is, its first `length` bytes read as JSON.parse reads a string's (an escape such
 * as `\u0069` included), without a parse or an allocation: a line of millions of members costs one
 * pass. Only `id` and `method` matter; any other name, or one JSON cannot read, is `other`.
 */
export function memberNamed(kept: Uint8Array, length: number): 'id' | 'method' | 'other' {
  let word: Uint8Array | undefined;
  let at = 0;
  for (let i = 0; i < length; i++) {
    let unit = kept[i]!;
    if (unit === BACKSLASH) {
      // Only \uXXXX can spell a letter; \n, \" and the like, or a broken escape, make it no name svc reads.
      if (kept[i + 1] !== LETTER_U || i + 5 >= length) return 'other';
      unit = hexUnit(kept, i + 2);
      i += 5;
    }
    word ??= unit === ID[0] ? ID : unit === METHOD[0] ? METHOD : undefined;
    if (word === undefined || word[at] !== unit) return 'other';
    at++;
  }
  return word === undefined || at !== word.length ? 'other' : word === ID ? 'id' : 'method';
}

/** The UTF-16 unit of the four hex digits at `from`, or -1 when they are not four hex digits. */
function hexUnit(bytes: Uint8Array, from: number): number {
  let unit = 0;
  for (let i = from; i < from + 4; i++) {
    const digit = HEX[bytes[i]!]!;
    if (digit === 255) return -1;
    unit = unit * 16 + digit;
  }
  return unit;
}

const HEX = new Uint8Array(256).fill(255);
for (let digit = 0; digit < 16; digit++) {
  HEX['0123456789abcdef'.charCodeAt(digit)] = digit;
  HEX['0123456789ABCDEF'.charCodeAt(digit)] = digit;
}

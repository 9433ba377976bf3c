// Turning the bytes of an answer into text, the way RFC 9110 says they may arrive:
// compressed (Content-Encoding, applied in the order listed), in a declared charset, or with a
// byte-order mark. What cannot be decoded is named, never mistaken for malformed JSON or a
// network fault; invalid UTF-8 becomes U+FFFD with a warning rather than silently.

import type { HttpResponse } from './transport.js';

export interface DecodedBody {
  text: string;
  /** Why the body cannot be read at all ("a body encoded as "zstd", which svc cannot decode"). */
  problem?: string;
  /** Read, but not faithfully: said on stderr or in the batch record. */
  warning?: string;
}

/** The answer, its body decoded, and any problem or warning about it: what a transport resolves with. */
export function decodedAnswer(status: number, headers: Record<string, string>, decoded: DecodedBody): HttpResponse {
  const response: HttpResponse = { status, headers, body: decoded.text };
  if (decoded.problem) response.bodyProblem = decoded.problem;
  if (decoded.warning) response.bodyWarning = decoded.warning;
  return response;
}

/** A decompressed body over the limit: refused like any other answer that is too large. */
export class DecodedTooLarge extends Error {}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lenientUtf8 = new TextDecoder('utf-8', { ignoreBOM: true });

/** The body as text, decompressed first when Content-Encoding says so (then asynchronously: zlib loads on first use). */
export function decodeBody(bytes: Buffer, headers: Record<string, string>, maxBytes: number): DecodedBody | Promise<DecodedBody> {
  if (headers['content-encoding'] === undefined) return decodeText(bytes, charsetOf(headers['content-type']));
  return decodeEncoded(bytes, headers, maxBytes);
}

async function decodeEncoded(bytes: Buffer, headers: Record<string, string>, maxBytes: number): Promise<DecodedBody> {
  const codings = (headers['content-encoding'] ?? '')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity');
  let body = bytes;
  for (const coding of codings.reverse()) {
    const step = await decompress(body, coding, maxBytes);
    if (typeof step === 'string') return { text: '', problem: step };
    body = step;
  }
  return decodeText(body, charsetOf(headers['content-type']));
}

async function decompress(body: Buffer, coding: string, maxBytes: number): Promise<Buffer | string> {
  const zlib = await import('node:zlib');
  const options = { maxOutputLength: maxBytes };
  const methods: Record<string, (() => Buffer)[]> = {
    gzip: [() => zlib.gunzipSync(body, options)],
    'x-gzip': [() => zlib.gunzipSync(body, options)],
    // "deflate" is zlib-wrapped by the RFC, raw by some servers: both are met in the wild.
    deflate: [() => zlib.inflateSync(body, options), () => zlib.inflateRawSync(body, options)],
    br: [() => zlib.brotliDecompressSync(body, options)],
  };
  const tries = Object.hasOwn(methods, coding) ? methods[coding]! : undefined;
  if (!tries) return `a body encoded as "${coding}", which svc cannot decode (it reads gzip, deflate and br)`;
  let failure = '';
  for (const attempt of tries) {
    try {
      return attempt();
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new DecodedTooLarge(coding);
      failure = (error as { code?: string }).code ?? (error as Error).message;
    }
  }
  return `a body declared as ${coding} that does not decompress (${failure})`;
}

function charsetOf(contentType: string | undefined): string | undefined {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? '');
  return match?.[1]?.toLowerCase();
}

function decodeText(bytes: Buffer, charset: string | undefined): DecodedBody {
  // A byte-order mark says more than a header (WHATWG encoding sniffing); JSON's own BOM is UTF-8.
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return decodeWith(bytes.subarray(2), 'utf-16be');
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return decodeWith(bytes.subarray(2), 'utf-16le');
  if (charset === undefined || charset === 'utf-8' || charset === 'utf8') return decodeUtf8(bytes);
  return decodeWith(bytes, charset);
}

function decodeUtf8(bytes: Buffer): DecodedBody {
  try {
    return { text: strictUtf8.decode(bytes) };
  } catch {
    return { text: lenientUtf8.decode(bytes), warning: 'the answer is not valid UTF-8: the bytes that cannot be decoded are shown as U+FFFD' };
  }
}

function decodeWith(bytes: Buffer, charset: string): DecodedBody {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(charset, { fatal: true });
  } catch {
    return { text: '', problem: `a body in charset "${charset}", which svc cannot read` };
  }
  try {
    return { text: decoder.decode(bytes) };
  } catch {
    return {
      text: new TextDecoder(charset).decode(bytes),
      warning: `the answer is not valid ${charset}: the bytes that cannot be decoded are shown as U+FFFD`,
    };
  }
}

// node:fs, not node:fs/promises: that one loads readline and file watchers on every call (~1 ms).
import { readFileSync, statSync } from 'node:fs';

export class BodySourceError extends Error {}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Reads `--body <json | @file | ->`: inline JSON, a file's JSON, or standard input's JSON; any JSON value. */
export async function readJsonSource(source: string, stdin: () => Promise<string>, expected = 'JSON'): Promise<{ value: unknown; origin: string }> {
  let text: string;
  let origin: string;
  if (source === '-') {
    origin = 'standard input';
    text = await stdin();
    // stdin arrives decoded; U+FFFD is what invalid bytes decode to, and would be sent as if meant.
    if (text.includes('\uFFFD')) throw new BodySourceError(`${origin} is not valid UTF-8 (it holds U+FFFD, the mark of undecodable bytes)`);
  } else if (source.startsWith('@')) {
    origin = source.slice(1);
    text = await readBodyFile(origin);
  } else {
    text = source;
    origin = 'the argument';
  }
  if (text.trim() === '') throw new BodySourceError(`--body: ${origin} is empty; expected ${expected}`);
  try {
    return { value: JSON.parse(text) as unknown, origin };
  } catch (error) {
    throw new BodySourceError(`JSON in ${origin} is not valid: ${(error as Error).message}`);
  }
}

/** Reads `--body` for an operation, whose body is a JSON object. */
export async function readBodySource(source: string, stdin: () => Promise<string>): Promise<Record<string, unknown>> {
  const { value, origin } = await readJsonSource(source, stdin, 'a JSON object');
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new BodySourceError(`JSON in ${origin} must be an object`);
  }
  return value as Record<string, unknown>;
}

/** Why a file could not be read or written, in words: "no such file", "permission denied"… */
export function describeFsError(error: unknown): string {
  const code = (error as { code?: string }).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EISDIR') return 'it is a directory';
  return code ?? (error as Error).message;
}

async function readBodyFile(file: string): Promise<string> {
  return readTextFile(file, MAX_BODY_FILE_BYTES);
}

/** A body file larger than this is a mistake (a log, a disk image), not a request body. */
export const MAX_BODY_FILE_BYTES = 64 * 1024 * 1024;

/**
 * Reads a file svc is given (`--body @file`, `--fixtures`): UTF-8 (a byte-order mark is dropped),
 * any line endings (JSON reads CR, LF and CRLF alike), at most `maxBytes`. Anything else is a
 * BodySourceError that says what is wrong and the limit; nothing is ever taken as empty.
 */
export function readTextFile(file: string, maxBytes: number): string {
  let bytes: Uint8Array;
  try {
    const size = statSync(file).size;
    if (size > maxBytes) throw new BodySourceError(`${file} is ${mebibytes(size)}, over the ${mebibytes(maxBytes)} limit`);
    bytes = readFileSync(file);
  } catch (error) {
    if (error instanceof BodySourceError) throw error;
    throw new BodySourceError(`cannot read ${file}: ${describeFsError(error)}`);
  }
  if (bytes.length > maxBytes) throw new BodySourceError(`${file} is over the ${mebibytes(maxBytes)} limit`); // a pipe or device has no size
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) throw new BodySourceError(`${file} is UTF-16 (it starts with a UTF-16 byte-order mark); save it as UTF-8`);
  try {
    return strictUtf8.decode(bytes); // also drops a leading byte-order mark
  } catch {
    throw new BodySourceError(`${file} is not valid UTF-8`);
  }
}

const mebibytes = (bytes: number): string => (bytes < 1024 * 1024 ? `${bytes} bytes` : `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB`);

// node:fs, not node:fs/promises: that one loads readline and file watchers on every call (~1 ms).
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { InputError } from '../errors.js';
import { jsonTextTooDeep } from '../client/response-body.js';
import { jsonRefusal } from '../json-syntax.js';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Why a file could not be read or written, in words: "no such file", "permission denied"… */
export function describeFsError(error: unknown): string {
  const code = (error as { code?: string }).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EISDIR') return 'it is a directory';
  return code ?? (error as Error).message;
}

/**
 * Reads a file svc is given (`--body @file`, `--fixtures`): UTF-8 (a byte-order mark is dropped),
 * any line endings (JSON reads CR, LF and CRLF alike), at most `maxBytes`. Anything else is a
 * InputError that says what is wrong and the limit; nothing is ever taken as empty.
 */
export function readTextFile(file: string, maxBytes: number): string {
  const bytes = readAtMost(file, maxBytes);
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
    throw new InputError(`${file} is UTF-16 (it starts with a UTF-16 byte-order mark); save it as UTF-8`);
  try {
    return strictUtf8.decode(bytes); // also drops a leading byte-order mark
  } catch {
    throw new InputError(`${file} is not valid UTF-8`);
  }
}

/**
 * The file's bytes, refused past `maxBytes`. A file says its size and is refused before it is read;
 * a device or pipe (`/dev/zero`, `<(yes)`) has none, so reading stops one byte past the limit
 * instead of filling memory until the process dies.
 */
function readAtMost(file: string, maxBytes: number): Uint8Array {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const size = fstatSync(fd).size;
    if (size > maxBytes) throw new InputError(`${file} is ${describeSize(size)}, over the ${describeSize(maxBytes)} limit`);
    let buffer = Buffer.allocUnsafe(Math.min(maxBytes, size || 64 * 1024) + 1);
    let length = 0;
    while (length <= maxBytes) {
      if (length === buffer.length) buffer = Buffer.concat([buffer, Buffer.allocUnsafe(Math.min(buffer.length, maxBytes + 1 - length))]);
      const read = readSync(fd, buffer, length, buffer.length - length, null);
      if (read === 0) break;
      length += read;
    }
    if (length > maxBytes) throw new InputError(`${file} is over the ${describeSize(maxBytes)} limit`);
    return buffer.subarray(0, length);
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new InputError(`cannot read ${file}: ${describeFsError(error)}`);
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** A size as a limit reads: `512 bytes`, `64 MiB`. */
export const describeSize = (bytes: number): string => (bytes < 1024 * 1024 ? `${bytes} bytes` : `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB`);

/**
 * JSON a user gave (an argument, a file, standard input), parsed, or an InputError that says why not,
 * naming `origin`: empty, nested too deep to handle, or not JSON. A UTF-8 byte-order mark, as some
 * Windows editors write, is not part of the JSON.
 */
export function parseUserJson(text: string, origin: string, expected: string): unknown {
  if (text.trim() === '') throw new InputError(`${origin} is empty; expected ${expected}`);
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const tooDeep = jsonTextTooDeep(body, origin);
  if (tooDeep) throw new InputError(tooDeep);
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw new InputError(`JSON in ${origin} is not valid: ${jsonRefusal(body)}`);
  }
}

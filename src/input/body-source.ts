// node:fs, not node:fs/promises: that one loads readline and file watchers on every call (~1 ms).
import { readFileSync } from 'node:fs';

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
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    throw new BodySourceError(`cannot read ${file}: ${describeFsError(error)}`);
  }
  try {
    return strictUtf8.decode(bytes); // also drops a leading byte-order mark
  } catch {
    throw new BodySourceError(`${file} is not valid UTF-8`);
  }
}

import { InputError } from '../errors.js';
import { parseUserJson } from './user-file.js';

/** Where `--body` reads from: standard input, and the user's files (the context's doors). */
export interface JsonSources {
  stdin(): Promise<string>;
  readText(path: string, maxBytes: number): Promise<string>;
}

/** Reads `--body <json | @file | ->`: inline JSON, a file's JSON, or standard input's JSON; any JSON value. */
export async function readJsonSource(source: string, from: JsonSources, expected = 'JSON'): Promise<{ value: unknown; origin: string }> {
  let text: string;
  let origin: string;
  if (source === '-') {
    origin = 'standard input';
    text = await from.stdin();
    // stdin arrives decoded; U+FFFD is what invalid bytes decode to, and would be sent as if meant.
    if (text.includes('\uFFFD')) throw new InputError(`${origin} is not valid UTF-8 (it holds U+FFFD, the mark of undecodable bytes)`);
  } else if (source.startsWith('@')) {
    origin = source.slice(1);
    text = await from.readText(origin, MAX_BODY_FILE_BYTES);
  } else {
    text = source;
    origin = 'the argument';
  }
  try {
    return { value: parseUserJson(text, origin, expected), origin };
  } catch (error) {
    throw error instanceof InputError ? error.under('--body') : error;
  }
}

/** Reads `--body` for an operation, whose body is a JSON object. */
export async function readBodySource(source: string, from: JsonSources): Promise<Record<string, unknown>> {
  const { value, origin } = await readJsonSource(source, from, 'a JSON object');
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new InputError(`JSON in ${origin} must be an object`);
  }
  return value as Record<string, unknown>;
}

/** A body file larger than this is a mistake (a log, a disk image), not a request body. */
export const MAX_BODY_FILE_BYTES = 64 * 1024 * 1024;


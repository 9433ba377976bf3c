import { InputError } from '../errors.js';
import { parseUserJson } from './user-file.js';

/** Where `--body` reads from: standard input (claimed by the words that read it), and the user's files (the context's doors). */
export interface JsonSources {
  stdin(maxBytes: number, claim: string): Promise<string>;
  readText(path: string, maxBytes: number): Promise<string>;
  /** Claims standard input before anything is read (src/core/stdin-claims.ts). */
  claimStdin?(claim: string): void;
}

/** How `--body -` claims standard input. */
export const BODY_FROM_STDIN = '--body -';

/** How `key=@-` or `key:=@-` under a flag claims standard input: as typed (`--data note=@-`). */
export const stdinClaim = (flag: string, item: string): string => `${flag} ${item}`;

/** Whether an assignment reads standard input: its value is `@-` (`key=@-`, `key:=@-`, `key[]=@-`). */
export const readsStdin = (item: string): boolean => {
  const eq = item.indexOf('=');
  return eq > 0 && item.slice(eq + 1) === '@-';
};

/**
 * Reads `--body <json | @file | ->`: inline JSON, a file's JSON, or standard input's JSON; any JSON
 * value, or only an object. Whatever it refuses (a file it cannot read, bytes that are not UTF-8, JSON
 * that is not valid or not an object) is said under `--body:`, as `--fixtures` says its own.
 */
export async function readJsonSource(source: string, from: JsonSources, objectOnly = false): Promise<{ value: unknown; origin: string }> {
  try {
    const { text, origin } = await readSourceText(source, from);
    const value = parseUserJson(text, origin, objectOnly ? 'a JSON object' : 'JSON');
    if (objectOnly && (value === null || typeof value !== 'object' || Array.isArray(value))) throw new InputError(`JSON in ${origin} must be an object`);
    return { value, origin };
  } catch (error) {
    throw error instanceof InputError ? error.under('--body') : error;
  }
}

async function readSourceText(source: string, from: JsonSources): Promise<{ text: string; origin: string }> {
  if (source === '-') {
    const text = await from.stdin(MAX_BODY_FILE_BYTES, BODY_FROM_STDIN);
    // stdin arrives decoded; U+FFFD is what invalid bytes decode to, and would be sent as if meant.
    if (text.includes('\uFFFD')) throw new InputError('standard input is not valid UTF-8 (it holds U+FFFD, the mark of undecodable bytes)');
    return { text, origin: 'standard input' };
  }
  if (source.startsWith('@')) return { text: await from.readText(source.slice(1), MAX_BODY_FILE_BYTES), origin: source.slice(1) };
  return { text: source, origin: 'the argument' };
}

/** Reads `--body` for an operation, whose body is a JSON object. */
export async function readBodySource(source: string, from: JsonSources): Promise<Record<string, unknown>> {
  return (await readJsonSource(source, from, true)).value as Record<string, unknown>;
}

/** A body file larger than this is a mistake (a log, a disk image), not a request body. */
export const MAX_BODY_FILE_BYTES = 64 * 1024 * 1024;

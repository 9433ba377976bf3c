import { jsonTextTooDeep } from '../client/response-body.js';
import { InputError } from '../errors.js';

/** One `key=value`, `key:=<json>` or `key[]=value` item of a map flag such as `--data`. */
export interface FieldAssignment {
  key: string;
  value: unknown;
  /** `key[]=...`: append to an array. */
  append: boolean;
}

/**
 * Parses one assignment. `key=value` gives a string, `key:=json` any JSON value, `key[]=value`
 * (or `key[]:=json`) appends to an array. The key ends at the first `=`, so values may hold `=`.
 */
export function parseFieldAssignment(text: string): FieldAssignment {
  const eq = text.indexOf('=');
  if (eq <= 0) throw new InputError(`expected key=value, key:=json or key[]=value, got "${text}"`);
  let key = text.slice(0, eq);
  const raw = text.slice(eq + 1);
  const json = key.endsWith(':');
  if (json) key = key.slice(0, -1);
  const append = key.endsWith('[]');
  if (append) key = key.slice(0, -2);
  if (key === '') throw new InputError(`the key is empty in "${text}"`);
  if (!json) return { key, value: raw, append };
  // As deep as a --body file may be: a CSV cell or a flag nested deeper would overflow the stack of what reads it next.
  const tooDeep = jsonTextTooDeep(raw, `the value of ${key}:=`);
  if (tooDeep) throw new InputError(tooDeep);
  try {
    return { key, value: JSON.parse(raw) as unknown, append };
  } catch {
    throw new InputError(`the value of ${key}:= is not valid JSON: ${raw === '' ? '(empty)' : raw}`);
  }
}

/**
 * Folds assignments into an object without ever dropping a value: a key given twice becomes an
 * array holding every value in order (CRM user fields: every assignee must be kept).
 */
export function applyAssignments(assignments: readonly FieldAssignment[]): Record<string, unknown> {
  // No prototype: a key such as "__proto__" is a field like any other, not a way to lose a value.
  const result: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  const collected = new Set<string>();
  for (const { key, value, append } of assignments) {
    if (collected.has(key)) {
      (result[key] as unknown[]).push(value);
    } else if (append) {
      result[key] = Object.hasOwn(result, key) ? [result[key], value] : [value];
      collected.add(key);
    } else if (Object.hasOwn(result, key)) {
      result[key] = [result[key], value];
      collected.add(key);
    } else {
      result[key] = value;
    }
  }
  return result;
}

/**
 * Why a key cannot be written as an assignment, or undefined when it can: the key ends at the
 * first `=`, and a trailing `[]` means "append".
 */
export function unwritableKey(key: string): string | undefined {
  if (key === '') return 'the key is empty';
  if (key.includes('=')) return `the key "${key}" holds "="`;
  if (key.endsWith('[]')) return `the key "${key}" ends in "[]"`;
  return undefined;
}

/**
 * The inverse of parsing: assignments that give back exactly this map, one per key (`key=value`
 * for a string, `key:=<json>` for anything else). Throws an InputError for a key the grammar
 * cannot express; use `--body` for those.
 */
export function formatFieldAssignments(map: Record<string, unknown>): string[] {
  return Object.entries(map).map(([key, value]) => {
    const problem = unwritableKey(key);
    if (problem) throw new InputError(`${problem}; give it in --body instead`);
    // A key ending in ":" would read as the ":=" form, so it always takes the JSON form.
    if (typeof value === 'string' && !key.endsWith(':')) return `${key}=${value}`;
    return `${key}:=${JSON.stringify(value)}`;
  });
}

import { parseAssignments } from './operation-input.js';

/**
 * `--query-param` assignments as a query string, in the same key=value grammar as `--data`:
 * a key given twice (or `key[]=`) repeats the parameter; JSON values (`key:=12`) are sent as
 * their JSON text.
 */
export function buildQueryString(assignments: readonly string[]): string {
  const values = parseAssignments('--query-param', assignments);
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, typeof item === 'string' ? item : JSON.stringify(item));
  }
  return params.toString();
}

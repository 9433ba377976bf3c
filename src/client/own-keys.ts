import { MAX_JSON_DEPTH } from './response-body.js';

/**
 * A copy of JSON data whose objects have no prototype. zod reads a field as `value[key]`, so a
 * field named `constructor` or `toString` that is missing reads as the function every object
 * inherits: present to `z.unknown()`, a wrong type to `z.optional(z.string())`. Checked on this
 * copy, a missing field is missing, as JSON Schema and svc's compiled check (src/client/schema-check.ts)
 * have it. Only for checking: what is sent or returned is the value itself.
 */
export function withoutPrototypes(value: unknown, depth = 0): unknown {
  // Past the depth svc sends at all (src/client/json-body.ts refuses it, naming it), the rest is left as it is: no stack overflow.
  if (value === null || typeof value !== 'object' || depth >= MAX_JSON_DEPTH) return value;
  if (Array.isArray(value)) return value.map((item) => withoutPrototypes(item, depth + 1));
  const copy = Object.create(null) as Record<string, unknown>;
  for (const key of Object.keys(value)) copy[key] = withoutPrototypes((value as Record<string, unknown>)[key], depth + 1);
  return copy;
}

import { type $ZodType, toJSONSchema } from 'zod/v4/core';

export type JsonSchema = Record<string, unknown>;

/**
 * The JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) of a zod schema: `input` for what a
 * request may carry, `output` for what a response holds. Anything zod cannot express becomes `{}`.
 */
export function jsonSchemaOf(schema: $ZodType, io: 'input' | 'output', at?: string): JsonSchema {
  const { $schema: _dialect, ...rest } = toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return at === undefined ? rest : (rebaseRefs(rest, at) as JsonSchema);
}

/** Keys whose values are data, not schemas: a `$ref` inside them is text. */
const DATA_KEYS = new Set(['const', 'enum', 'default', 'examples', 'example']);

/**
 * The schema with its internal references (`#`, itself, and `#/$defs/…`) made to point at where it
 * is placed in a larger document (`at`, such as `#/components/schemas/Pet`): in an OpenAPI document
 * `#` is the document, so a recursive schema's `{"$ref": "#"}` would point at nothing.
 */
function rebaseRefs(value: unknown, at: string): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => rebaseRefs(item, at));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const rebased =
      key === '$ref' && typeof item === 'string' && (item === '#' || item.startsWith('#/'))
        ? `${at}${item.slice(1)}`
        : DATA_KEYS.has(key)
          ? item
          : rebaseRefs(item, at);
    Object.defineProperty(out, key, { value: rebased, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

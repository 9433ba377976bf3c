import type { JsonSchema } from '../../openapi/json-schema.js';

/** One field of a body or response, flattened for a table: `data.amount`, `number`, required. */
export interface SchemaRow {
  name: string;
  type: string;
  required: boolean;
  description: string;
}

/**
 * A JSON Schema in readable form: one row per field, nested objects as dotted names and list items
 * as `name[]`. Fields the schema leaves open (extra fields kept) are said so in `open`.
 */
export function schemaRows(schema: JsonSchema, prefix = ''): SchemaRow[] {
  // `object or null` (a nullable result): the object's fields; a list of objects: its items' fields.
  if (Array.isArray(schema.anyOf) && !schema.properties) return (schema.anyOf as JsonSchema[]).flatMap((branch) => schemaRows(branch, prefix));
  if (schema.type === 'array' && schema.items) return schemaRows(schema.items as JsonSchema, `${prefix}[].`);
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).flatMap(([key, field]) => {
    const name = `${prefix}${key}`;
    const row = { name, type: typeName(field), required: required.has(key), description: typeof field.description === 'string' ? field.description : '' };
    const items = field.items as JsonSchema | undefined;
    if (field.type === 'object' && field.properties) return [row, ...schemaRows(field, `${name}.`)];
    if (items?.type === 'object' && items.properties) return [row, ...schemaRows(items, `${name}[].`)];
    return [row];
  });
}

function typeName(field: JsonSchema): string {
  if (Array.isArray(field.enum)) return `one of ${field.enum.map((v) => JSON.stringify(v)).join(', ')}`;
  if (field.type === 'array') return `list of ${typeName((field.items ?? {}) as JsonSchema)}`;
  if (field.type === 'object' && field.additionalProperties && !field.properties) return `map of ${typeName(field.additionalProperties as JsonSchema)}`;
  if (Array.isArray(field.type)) return field.type.join(' or ');
  if (typeof field.type === 'string') return field.format ? `${field.type} (${field.format})` : field.type;
  if (Array.isArray(field.anyOf)) return (field.anyOf as JsonSchema[]).map(typeName).join(' or ');
  return 'any JSON';
}

/** The schema as a whole, in words: `list of object: one object per occurrence…`. */
export function schemaSummary(schema: JsonSchema): string {
  const meaning = typeof schema.description === 'string' ? `: ${schema.description}` : '';
  return `${typeName(schema)}${meaning}`;
}

/**
 * A row's meaning as a page shows it. svc's own areas describe every field (the build refuses a
 * page otherwise); an imported area's field keeps what its description says, which may be nothing.
 */
export const meaningOf = (row: SchemaRow): string => row.description || 'Not described in the imported API description.';

/** The rows that leave the reader without a meaning: `Response: syncStatus`. Docs generation fails on any of svc's own. */
export function rowsWithoutMeaning(where: string, schema: JsonSchema | null): string[] {
  return schema
    ? schemaRows(schema)
        .filter((row) => !row.description.trim())
        .map((row) => `${where}: ${row.name}`)
    : [];
}

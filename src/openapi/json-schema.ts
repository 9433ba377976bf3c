import { type $ZodType, toJSONSchema } from 'zod/v4/core';

export type JsonSchema = Record<string, unknown>;

/**
 * The JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) of a zod schema: `input` for what a
 * request may carry, `output` for what a response holds. Anything zod cannot express becomes `{}`.
 */
export function jsonSchemaOf(schema: $ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

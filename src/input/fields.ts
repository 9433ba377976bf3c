import type * as z from 'zod/v4/core';
import type { OperationSpec } from '../../registry/define.js';
import { pathParamNames } from '../../registry/define.js';

/** How a body field is given on the command line. */
export type FieldKind = 'string' | 'number' | 'boolean' | 'map' | 'list' | 'json';

export interface BodyField {
  /** Name in the request body. */
  name: string;
  /** Long flag without dashes: `linkedinProfileUrl` -> `linkedin-profile-url`. */
  flag: string;
  kind: FieldKind;
  required: boolean;
  /** Given as a positional argument rather than a flag. */
  positional: boolean;
}

export const toKebab = (name: string): string => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

interface SchemaDef {
  type: string;
  innerType?: z.$ZodType;
  element?: z.$ZodType;
}

const defOf = (schema: z.$ZodType): SchemaDef => (schema as unknown as { _zod: { def: SchemaDef } })._zod.def;

function unwrap(schema: z.$ZodType): { inner: z.$ZodType; optional: boolean } {
  let inner = schema;
  let optional = false;
  for (;;) {
    const def = defOf(inner);
    if ((def.type === 'optional' || def.type === 'default' || def.type === 'nullable') && def.innerType) {
      optional ||= def.type !== 'nullable';
      inner = def.innerType;
    } else return { inner, optional };
  }
}

function kindOf(schema: z.$ZodType): FieldKind {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
    case 'number':
    case 'boolean':
      return def.type;
    case 'record':
      return 'map';
    case 'array':
      return def.element && defOf(def.element).type === 'string' ? 'list' : 'json';
    default:
      return 'json';
  }
}

/** The body fields of an operation, read from its zod schema, in declaration order. */
export function bodyFields(op: OperationSpec): BodyField[] {
  const shape = (op.body as { shape?: Record<string, z.$ZodType> } | undefined)?.shape;
  if (!shape) return [];
  const params = new Set(pathParamNames(op.path));
  return Object.entries(shape).map(([name, schema]) => {
    const { inner, optional } = unwrap(schema);
    const positional = op.args.includes(name) && !params.has(name);
    return { name, flag: toKebab(name), kind: kindOf(inner), required: !optional, positional };
  });
}

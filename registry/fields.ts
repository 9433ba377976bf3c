// zod's core types accept a schema written with classic zod or zod/mini alike.
import { globalRegistry } from 'zod/v4/core';
import type * as z from 'zod/v4/core';
import { pathParamNames, type OperationSpec } from './define.js';

/** How a field's value is written: JSON types, with `map` (an object of free keys) and `list` (strings). */
export type FieldKind = 'string' | 'number' | 'boolean' | 'map' | 'list' | 'json';

/**
 * One input of an operation as its declaration states it: the one model that help, `svc ops`,
 * completion, the OpenAPI export and a reference manual read.
 */
export interface FieldDoc {
  name: string;
  in: 'path' | 'query' | 'header' | 'body';
  kind: FieldKind;
  required: boolean;
  /** The field's meaning, from the spec (zod metadata: `.check(z.describe(…))`). */
  description?: string;
  /** The only values accepted (a zod enum or literal). */
  choices?: string[];
}

interface SchemaDef {
  type: string;
  innerType?: z.$ZodType;
  element?: z.$ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
  options?: z.$ZodType[];
}

const defOf = (schema: z.$ZodType): SchemaDef => (schema as unknown as { _zod: { def: SchemaDef } })._zod.def;

/** The description on a schema or on any wrapper around it (optional, default, nullable). */
function descriptionOf(chain: z.$ZodType[]): string | undefined {
  for (const schema of chain) {
    const description = globalRegistry.get(schema)?.description;
    if (description) return description;
  }
  return undefined;
}

function unwrap(schema: z.$ZodType): { chain: z.$ZodType[]; optional: boolean } {
  const chain = [schema];
  let optional = false;
  for (;;) {
    const def = defOf(chain.at(-1)!);
    if ((def.type === 'optional' || def.type === 'default' || def.type === 'nullable') && def.innerType) {
      optional ||= def.type !== 'nullable';
      chain.push(def.innerType);
    } else return { chain, optional };
  }
}

function kindOf(schema: z.$ZodType): { kind: FieldKind; choices?: string[] } {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
    case 'number':
    case 'boolean':
      return { kind: def.type };
    case 'enum':
      return { kind: 'string', choices: Object.values(def.entries ?? {}).map(String) };
    case 'literal':
      return { kind: 'string', choices: (def.values ?? []).map(String) };
    case 'record':
      return { kind: 'map' };
    case 'array':
      return { kind: def.element && defOf(def.element).type === 'string' ? 'list' : 'json' };
    case 'union':
      return { kind: isTextOrScalar(def.options ?? []) ? 'string' : 'json' };
    default:
      return { kind: 'json' };
  }
}

/**
 * A union of a string with numbers, booleans, null or fixed values (GitHub's `title: string |
 * integer`): any text the user types is one of its values, so its flag takes text as it is, as a
 * string's does (`--title "A bug"`), never JSON; a number goes as one with `--data title:=5`.
 */
const SCALARS = new Set(['string', 'number', 'boolean', 'null', 'literal', 'enum']);
function isTextOrScalar(options: readonly z.$ZodType[]): boolean {
  const types = options.map((option) => defOf(unwrap(option).chain.at(-1)!).type);
  return types.includes('string') && types.every((type) => SCALARS.has(type));
}

/** The fields of an object schema, in declaration order. */
export function objectFields(schema: z.$ZodType | undefined, where: FieldDoc['in']): FieldDoc[] {
  const shape = (schema as { shape?: Record<string, z.$ZodType> } | undefined)?.shape;
  if (!shape) return [];
  return Object.entries(shape).map(([name, field]) => {
    const { chain, optional } = unwrap(field);
    const description = descriptionOf(chain);
    return { name, in: where, ...kindOf(chain.at(-1)!), required: !optional, ...(description ? { description } : {}) };
  });
}

/** The path parameters of an operation, in path order: required strings, described by `params`. */
export function pathParamFields(op: OperationSpec): FieldDoc[] {
  const declared = new Map(objectFields(op.params, 'path').map((field) => [field.name, field]));
  return pathParamNames(op.path).map((name) => ({ ...declared.get(name), name, in: 'path', kind: 'string', required: true }));
}

/** Every input of an operation: path parameters, query parameters, header parameters, body fields. */
export function operationFields(op: OperationSpec): FieldDoc[] {
  return [...pathParamFields(op), ...objectFields(op.query, 'query'), ...objectFields(op.headers, 'header'), ...objectFields(op.body, 'body')];
}

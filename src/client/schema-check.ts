import type { $ZodType } from 'zod/v4/core';

/** Whether a value certainly passes a schema; false means "ask zod", never "invalid". */
export type SchemaCheck = (value: unknown) => boolean;

/**
 * A plain function compiled once from a registry schema, for the common case of a valid value: it
 * answers true only where zod would accept the value with no issue, and false for anything it is
 * not sure of, so zod still decides (and words) every refusal. A batch validates every line's
 * body; zod's parse per line was a measurable share of its CPU per call.
 * Undefined when the schema uses anything it does not know (a refinement, a length check, a
 * format): zod then checks every value, as before.
 */
export function compileSchemaCheck(schema: $ZodType): SchemaCheck | undefined {
  return compile(schema as unknown as Schema);
}

/** What of a zod schema's definition the compiler reads. */
interface Schema {
  _zod: { def: Definition };
}

interface Definition {
  type: string;
  checks?: { _zod: { def: { check: string } } }[];
  coerce?: boolean;
  /** A string or number format (url, email, int…): a check of its own. */
  format?: string;
  shape?: Record<string, Schema>;
  catchall?: Schema;
  keyType?: Schema;
  valueType?: Schema;
  element?: Schema;
  innerType?: Schema;
  values?: unknown[];
}

/** Checks that only attach a description or metadata: they never refuse a value. */
const NO_OP_CHECKS = new Set(['describe', 'meta']);

function compile(schema: Schema): SchemaCheck | undefined {
  const def = schema._zod.def;
  if (def.coerce || def.format !== undefined || !(def.checks ?? []).every((check) => NO_OP_CHECKS.has(check._zod.def.check))) return undefined;
  switch (def.type) {
    case 'unknown':
    case 'any':
      return () => true;
    case 'string':
      return (value) => typeof value === 'string';
    case 'boolean':
      return (value) => typeof value === 'boolean';
    case 'number':
      return (value) => typeof value === 'number' && Number.isFinite(value);
    case 'literal':
      return primitiveLiterals(def.values ?? []);
    case 'optional':
      return wrapped(def.innerType, (inner) => (value) => value === undefined || inner(value));
    case 'nullable':
      return wrapped(def.innerType, (inner) => (value) => value === null || inner(value));
    case 'array':
      return wrapped(def.element, arrayCheck);
    case 'record':
      return def.keyType?._zod.def.type === 'string' && compile(def.keyType) ? wrapped(def.valueType, recordCheck) : undefined;
    case 'object':
      return objectCheck(def);
    default:
      return undefined;
  }
}

function wrapped(inner: Schema | undefined, make: (check: SchemaCheck) => SchemaCheck): SchemaCheck | undefined {
  const check = inner && compile(inner);
  return check && make(check);
}

/** Every index, holes included (a hole is undefined to zod; every() would skip it). */
function arrayCheck(element: SchemaCheck): SchemaCheck {
  return (value) => {
    if (!Array.isArray(value)) return false;
    for (let i = 0; i < value.length; i++) if (!element(value[i])) return false;
    return true;
  };
}

function primitiveLiterals(values: unknown[]): SchemaCheck | undefined {
  if (!values.every((v) => v === null || ['string', 'number', 'boolean'].includes(typeof v))) return undefined;
  return (value) => values.includes(value);
}

/** A plain object with no `__proto__` key of its own (zod's copy would lose it: zod decides). */
const isPlainRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  Object.getPrototypeOf(value) === Object.prototype &&
  !Object.hasOwn(value, '__proto__');

/** zod also checks a record's own symbol keys (against its string key type: refused); `for in` never sees them. */
function recordCheck(valueCheck: SchemaCheck): SchemaCheck {
  return (value) => {
    if (!isPlainRecord(value) || Object.getOwnPropertySymbols(value).length > 0) return false;
    for (const key in value) if (!valueCheck(value[key])) return false;
    return true;
  };
}

/** strictObject (catchall never), looseObject (catchall unknown) or object (extra keys dropped). */
function objectCheck(def: Definition): SchemaCheck | undefined {
  const catchall = def.catchall?._zod.def.type;
  if (catchall !== undefined && catchall !== 'never' && catchall !== 'unknown') return undefined;
  const fields: { name: string; check: SchemaCheck; optional: boolean }[] = [];
  for (const [name, field] of Object.entries(def.shape ?? {})) {
    const check = compile(field);
    if (!check) return undefined;
    // A missing key passes only an optional field: zod refuses it even for z.unknown().
    fields.push({ name, check, optional: field._zod.def.type === 'optional' });
  }
  const known = new Set(fields.map(({ name }) => name));
  const strict = catchall === 'never';
  return (value) => {
    if (!isPlainRecord(value)) return false;
    for (const { name, check, optional } of fields) if (Object.hasOwn(value, name) ? !check(value[name]) : !optional) return false;
    if (strict) for (const key in value) if (!known.has(key)) return false;
    return true;
  };
}

// What the parts of the schema writer share: the walk's context and small readers of schema objects.
import { type CallTree, type SchemaTree, withChecks } from './schema-tree.js';

export type SchemaObject = Record<string, unknown>;

/** One walk over a schema for one use, as the mapping functions see it. */
export interface MapContext {
  readonly use: 'request' | 'response';
  readonly dialect: '3.0' | '3.1';
  /** A construct not mapped exactly, at a JSON pointer. */
  report(construct: string, where: string, note: string): void;
  /** The tree of a sub-schema (bounded in depth and size); `optional` wraps it for an object property. */
  sub(schema: unknown, where: string, optional?: boolean): SchemaTree;
  /** The named schema of an internal reference (`#/…`), or a reported `z.unknown()`. */
  ref(ref: string, where: string): SchemaTree;
  /** The schema a `$ref` chain ends at, with its pointer; the schema itself when it is no reference. */
  deref(schema: unknown, where: string): { schema: unknown; where: string };
  /** Marks a registry helper the generated module must import (`atLeastOneOf` from rules.js). */
  needs(helper: 'atLeastOneOf'): void;
  /** The sentence of an "at least one of these fields" rule (its validation message). */
  ruleDescription(fields: string[], where: string): string;
}

export const isObject = (value: unknown): value is SchemaObject => value !== null && typeof value === 'object' && !Array.isArray(value);

/** A property read only when the schema holds it itself (never `__proto__` or an inherited one). */
export const own = (schema: SchemaObject, key: string): unknown => (Object.hasOwn(schema, key) ? schema[key] : undefined);

/** A non-negative integer keyword (minLength, maxItems…), else undefined. */
export function count(schema: SchemaObject, key: string): number | undefined {
  const value = own(schema, key);
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}

/** A finite number keyword (minimum, multipleOf…), else undefined. */
export function finite(schema: SchemaObject, key: string): number | undefined {
  const value = own(schema, key);
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** A zod schema still open to checks: `base.check(…checks)` once rendered. */
export interface Built {
  base: SchemaTree;
  checks: CallTree[];
}

export const built = (base: SchemaTree, checks: CallTree[] = []): Built => ({ base, checks });

/** `base.check(a, b)`, or `base` when there is nothing to check. */
export const render = ({ base, checks }: Built): SchemaTree => withChecks(base, checks);

export const JSON_TYPES = ['string', 'number', 'integer', 'boolean', 'null', 'object', 'array'] as const;
export type JsonType = (typeof JSON_TYPES)[number];

/** The JSON type of a value, as `type` names it (`integer` for whole numbers). */
export function typeOfValue(value: unknown): JsonType | undefined {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'string' || typeof value === 'boolean' || typeof value === 'object') return typeof value as JsonType;
  return undefined;
}

/** Whether a value of JSON type `actual` is allowed by a `type` list naming `declared` (an integer is a number). */
export const typeAllows = (declared: readonly JsonType[], actual: JsonType | undefined): boolean =>
  actual !== undefined && (declared.includes(actual) || (actual === 'integer' && declared.includes('number')));

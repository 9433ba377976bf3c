// Strings, numbers, enums and constants: JSON Schema keywords -> zod/mini calls and checks.
import * as z from 'zod/mini';
import { toJSONSchema } from 'zod/v4/core';
import { count, finite, type MapContext, own, type SchemaObject, built, type Built } from './schema-context.js';
import { call, type CallTree, type Json, value } from './schema-tree.js';
import { childPointer, quote } from './schema-text.js';

/**
 * Formats zod/mini checks as the format's definition says, by the call that checks them. Formats
 * left out (time: zod's refuses an offset RFC 3339 requires; uri-reference, regex…) are plain strings.
 * `uuid` is z.guid(): any 8-4-4-4-12 hex, as RFC 9562 and the usual validators read it.
 */
const FORMATS: Record<string, { call: CallTree; zod: () => z.ZodMiniType }> = {
  email: { call: call('email'), zod: () => z.email() },
  uri: { call: call('url'), zod: () => z.url() },
  url: { call: call('url'), zod: () => z.url() },
  uuid: { call: call('guid'), zod: () => z.guid() },
  'date-time': { call: call('iso.datetime', value({ offset: true })), zod: () => z.iso.datetime({ offset: true }) },
  date: { call: call('iso.date'), zod: () => z.iso.date() },
  duration: { call: call('iso.duration'), zod: () => z.iso.duration() },
  ipv4: { call: call('ipv4'), zod: () => z.ipv4() },
  ipv6: { call: call('ipv6'), zod: () => z.ipv6() },
  hostname: { call: call('hostname'), zod: () => z.hostname() },
  byte: { call: call('base64'), zod: () => z.base64() },
};

/** Formats that only annotate (OpenAPI's number widths, binary, password): nothing to check, nothing to report. */
const ANNOTATION_FORMATS = new Set(['int64', 'float', 'double', 'binary', 'password']);

const zodPatterns = new Map<string, string | undefined>();

/** The pattern zod exports beside a format (z.email()'s regex): a description carrying it needs no extra check. */
function zodPatternOf(format: string): string | undefined {
  if (!zodPatterns.has(format)) {
    const exported = toJSONSchema(FORMATS[format]!.zod(), { unrepresentable: 'any' }) as { pattern?: string };
    zodPatterns.set(format, exported.pattern);
  }
  return zodPatterns.get(format);
}

/** `new RegExp("…", "u")`: the pattern as ECMA-262 with Unicode, as JSON Schema reads it; one that does not compile is reported. */
function regexCheck(pattern: unknown, where: string, context: MapContext): CallTree | undefined {
  if (typeof pattern !== 'string') return undefined;
  for (const flags of ['u', '']) {
    try {
      new RegExp(pattern, flags);
      if (flags === '') context.report('pattern', childPointer(where, 'pattern'), 'not a Unicode regular expression; checked without the u flag');
      return flags ? call('regex', value(pattern), value(flags)) : call('regex', value(pattern));
    } catch {
      // Try without the u flag, then give up.
    }
  }
  context.report('pattern', childPointer(where, 'pattern'), 'not a regular expression JavaScript compiles; not checked');
  return undefined;
}

export function stringExpression(schema: SchemaObject, where: string, context: MapContext): Built {
  const format = own(schema, 'format');
  const known = typeof format === 'string' && Object.hasOwn(FORMATS, format) ? format : undefined;
  if (typeof format === 'string' && !known && !ANNOTATION_FORMATS.has(format)) {
    context.report('format', childPointer(where, 'format'), `format ${quote(format)} is not checked`);
  }
  const checks: CallTree[] = [];
  const minLength = count(schema, 'minLength');
  if (minLength !== undefined && minLength > 0) checks.push(call('minLength', value(minLength)));
  const maxLength = count(schema, 'maxLength');
  // JSON Schema counts characters (code points); zod's maxLength counts UTF-16 units and would refuse
  // a valid string of emoji. minLength errs the safe way (units >= code points), so it stays zod's.
  // `maxChars` is that check and its mark for the export (z.meta({ maxLength })): schema-tree.ts.
  if (maxLength !== undefined) checks.push(call('maxChars', value(maxLength)));
  const pattern = own(schema, 'pattern');
  if (pattern !== undefined && !(known && pattern === zodPatternOf(known))) {
    const check = regexCheck(pattern, where, context);
    if (check) checks.push(check);
  }
  return built(known ? FORMATS[known]!.call : call('string'), checks);
}

export function numberExpression(schema: SchemaObject, integer: boolean, where: string, context: MapContext): Built {
  const int32 = integer && own(schema, 'format') === 'int32';
  const format = own(schema, 'format');
  if (typeof format === 'string' && !int32 && !ANNOTATION_FORMATS.has(format) && format !== 'int32') {
    context.report('format', childPointer(where, 'format'), `format ${quote(format)} is not checked`);
  }
  const checks: CallTree[] = [];
  const bound = (key: string, name: string, skip: (n: number) => boolean) => {
    const limit = finite(schema, key);
    if (limit !== undefined && !skip(limit)) checks.push(call(name, value(limit)));
  };
  // z.int() already holds a number to the safe integers (what a JSON number is in JavaScript).
  const belowInt = (n: number) => integer && n <= (int32 ? -(2 ** 31) : Number.MIN_SAFE_INTEGER);
  const aboveInt = (n: number) => integer && n >= (int32 ? 2 ** 31 - 1 : Number.MAX_SAFE_INTEGER);
  // OpenAPI 3.0 writes `exclusiveMinimum: true` beside `minimum`; 3.1 writes the bound itself.
  const exclusive = (key: string) => own(schema, key) === true;
  bound('minimum', exclusive('exclusiveMinimum') ? 'gt' : 'gte', belowInt);
  bound('exclusiveMinimum', 'gt', () => false);
  bound('maximum', exclusive('exclusiveMaximum') ? 'lt' : 'lte', aboveInt);
  bound('exclusiveMaximum', 'lt', () => false);
  const multipleOf = finite(schema, 'multipleOf');
  if (multipleOf !== undefined && multipleOf > 0 && !(integer && multipleOf === 1)) checks.push(call('multipleOf', value(multipleOf)));
  return built(call(int32 ? 'int32' : integer ? 'int' : 'number'), checks);
}

/** Only primitives can be listed by zod (z.enum, z.literal); an object or array value cannot. */
const isPrimitive = (value: unknown): value is string | number | boolean | null =>
  value === null || typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));

/** The values of `enum` (or `const`, `single`) as a zod schema: z.enum for strings, z.literal for a constant and the rest, z.never for none. */
export function valuesExpression(values: unknown[], where: string, context: MapContext, single = false): CallTree | undefined {
  if (!values.every(isPrimitive)) {
    context.report('enum', where, 'an object or array among the values; the values are not checked');
    return undefined;
  }
  const unique = [...new Set(values)];
  if (unique.length === 0) return call('never');
  if (unique.every((item) => typeof item === 'string') && !single) return call('enum', value(unique));
  return call('literal', value(unique.length === 1 ? unique[0]! : unique));
}

/** A default zod can hold and TypeScript accepts for the schema: a primitive of the right type, among the values if listed. */
export function usableDefault(schema: SchemaObject, fits: (value: unknown) => boolean): Json | undefined {
  const found = own(schema, 'default');
  return isPrimitive(found) && found !== null && fits(found) ? found : undefined;
}

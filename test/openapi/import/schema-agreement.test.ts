// The emitted zod accepts what an independent JSON Schema validator (ajv, draft 2020-12, the
// dialect of OpenAPI 3.1) accepts: generated schemas of the shapes the writer maps exactly, and
// generated values near each schema's limits, compared one by one. Both read own fields only, as
// JSON Schema does: ajv with ownProperties, zod on a copy without prototypes, as svc checks bodies
// (src/client/own-keys.ts); else a missing `constructor` reads as the function every object inherits.
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withoutPrototypes } from '../../../src/client/own-keys.js';
import { jsonSchemaOf } from '../../../src/openapi/json-schema.js';
import type { JsonSchema, Unmapped } from '../../../src/openapi/import/schema-source.js';
import { emit } from './emitted.js';

type Schema = Record<string, unknown>;

/** Property names, special ones included (`__proto__` is left out: zod drops its value, and the writer says so). */
const NAMES = ['a', 'b', 'constructor', 'toString', '', 'a"b'];
/** Characters of generated strings: ASCII, one outside the BMP (two UTF-16 units), a line separator. */
const CHARS = fc.constantFrom('a', 'b', 'x', '1', '😀', '\u2028');
const PATTERNS = ['^[ab]+$', '^x', '1$', '^.{2}$', '😀'];

const bound = fc.option(fc.integer({ min: -5, max: 5 }), { nil: undefined });
const size = fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined });
const defined = (schema: Schema): Schema => Object.fromEntries(Object.entries(schema).filter(([, value]) => value !== undefined));

const stringSchema = fc
  .record({ minLength: size, maxLength: size, pattern: fc.option(fc.constantFrom(...PATTERNS), { nil: undefined }) })
  .map((keywords) => defined({ type: 'string', ...keywords }));
const numberSchema = fc
  .record({
    type: fc.constantFrom('integer', 'number'),
    minimum: bound,
    maximum: bound,
    exclusiveMinimum: bound,
    exclusiveMaximum: bound,
    multipleOf: fc.option(fc.constantFrom(2, 3), { nil: undefined }),
  })
  .map(defined);
const enumSchema = fc.oneof(
  fc.uniqueArray(fc.constantFrom('a', 'b', 'x'), { minLength: 1, maxLength: 3 }).map((values) => ({ type: 'string', enum: values })),
  fc.uniqueArray(fc.constantFrom('a', 1, 2.5, true, null), { minLength: 1, maxLength: 4 }).map((values) => ({ enum: values })),
  fc.constantFrom('a', 1, false, null).map((value) => ({ const: value })),
);
const leaf = fc.oneof(stringSchema, numberSchema, enumSchema, fc.constantFrom<Schema>({ type: 'boolean' }, { type: 'null' }, {}));

const { schema: schemaArbitrary } = fc.letrec<{ schema: Schema; object: Schema }>((tie) => ({
  schema: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    tie('object'),
    fc.record({ items: tie('schema'), minItems: size, maxItems: size }).map((keywords) => defined({ type: 'array', ...keywords })),
    fc.array(tie('schema'), { minLength: 2, maxLength: 3 }).map((branches) => ({ anyOf: branches })),
    fc
      .tuple(tie('schema'), fc.boolean())
      .map(([schema, description]) => ({ anyOf: [schema, { type: 'null' }], ...(description ? { description: 'or null' } : {}) })),
    stringSchema.map((schema) => ({ ...schema, type: ['string', 'null'] })),
    // allOf of objects (merged into one) and of strings (an intersection).
    fc.array(tie('object'), { minLength: 2, maxLength: 3 }).map((parts) => ({ allOf: parts.map(({ additionalProperties: _extra, ...part }) => part) })),
    fc.tuple(stringSchema, stringSchema).map((parts) => ({ allOf: parts })),
  ),
  object: fc
    .record({
      properties: fc.dictionary(fc.constantFrom(...NAMES), tie('schema'), { maxKeys: 3 }),
      required: fc.subarray(NAMES),
      additionalProperties: fc.option(fc.oneof(fc.constant(false), fc.constant(true), tie('schema')), { nil: undefined }),
    })
    .map(({ properties, required, additionalProperties }) =>
      // Required names may lack a property schema. ajv 8 skips a required empty name (it accepts {}
      // for `required: [""]`): that one is never required here.
      defined({ type: 'object', properties, required: required.filter((name) => name !== ''), additionalProperties }),
    ),
}));

/** Values near a schema's limits: mostly shaped like it, some a little off, some anything. */
function near(schema: unknown, depth = 0): fc.Arbitrary<unknown> {
  const anything = fc.jsonValue({ maxDepth: 2 });
  if (typeof schema !== 'object' || schema === null || depth > 6) return anything;
  const s = schema as Schema;
  const options: fc.Arbitrary<unknown>[] = [anything];
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (Array.isArray(s.enum)) options.push(fc.constantFrom(...s.enum, 'a', 1, null));
  if ('const' in s) options.push(fc.constantFrom(s.const, 'a', 1, null));
  for (const key of ['anyOf', 'allOf'] as const) if (Array.isArray(s[key])) options.push(...(s[key] as unknown[]).map((part) => near(part, depth + 1)));
  if (Array.isArray(s.allOf)) options.push(mergedObject(s.allOf as Schema[], depth));
  if (types.includes('string')) {
    options.push(fc.string({ unit: CHARS, maxLength: 5 }));
    if (typeof s.pattern === 'string') options.push(fc.stringMatching(new RegExp(s.pattern, 'u'), { maxLength: 4 }));
  }
  if (types.includes('integer') || types.includes('number')) options.push(fc.integer({ min: -8, max: 8 }), fc.double({ min: -8, max: 8, noNaN: true }));
  if (types.includes('boolean')) options.push(fc.boolean());
  if (types.includes('null')) options.push(fc.constant(null));
  if (types.includes('array')) options.push(fc.array(near(s.items, depth + 1), { maxLength: 4 }));
  if (types.includes('object')) options.push(objectNear(s, depth));
  return fc.oneof(...options);
}

function objectNear(schema: Schema, depth: number): fc.Arbitrary<unknown> {
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  const record = Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, fc.option(near(property, depth + 1), { nil: undefined })]));
  const extra = fc.dictionary(fc.constantFrom(...NAMES, 'z'), near(schema.additionalProperties, depth + 1), { maxKeys: 2 });
  return fc.tuple(fc.record(record), extra).map(([known, more]) => ({ ...more, ...defined(known) }));
}

function mergedObject(parts: Schema[], depth: number): fc.Arbitrary<unknown> {
  const properties = Object.assign({}, ...parts.map((part) => part.properties ?? {}));
  return objectNear({ type: 'object', properties }, depth);
}

describe('emitted schemas agree with an independent JSON Schema validator', () => {
  it('accept exactly the values ajv accepts, for generated schemas and values; built from their stored trees, exactly what the source accepts', () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false, ownProperties: true });
    const seen = { allowed: 0, refused: 0 };
    fc.assert(
      fc.property(
        schemaArbitrary.chain((schema) => fc.tuple(fc.constant(schema), fc.array(near(schema), { minLength: 10, maxLength: 20 }))),
        ([schema, values]) => {
          const emitted = emit(schema as JsonSchema, 'request');
          // And it exports as the same JSON Schema: its descriptions, rules and bounds are there too.
          expect(JSON.stringify(jsonSchemaOf(emitted.built, 'input'))).toBe(JSON.stringify(jsonSchemaOf(emitted.schema, 'input')));
          const exact = emitted.unmapped.length === 0;
          const validate = ajv.compile(schema);
          for (const value of values) {
            const allowed = validate(value);
            seen[allowed ? 'allowed' : 'refused'] += 1;
            const accepted = emitted.schema.safeParse(withoutPrototypes(value)).success;
            // Built from its trees as svc builds an added area's schemas, it accepts exactly the same.
            if (emitted.built.safeParse(withoutPrototypes(value)).success !== accepted)
              return fail(schema, value, emitted.source, emitted.unmapped, `${accepted ? 'refused' : 'accepted'} when built from the stored trees`);
            // Never refuses a value the description allows; and, where nothing was reported, never
            // accepts one it refuses, except where the two are known to differ (see knownDisagreement).
            if (allowed && !accepted && !beyondExactIntegers(value)) return fail(schema, value, emitted.source, emitted.unmapped, 'refused a valid value');
            if (!allowed && accepted && exact && !knownDisagreement(value))
              return fail(schema, value, emitted.source, emitted.unmapped, 'accepted an invalid value');
          }
          return true;
        },
      ),
      { numRuns: 150 },
    );
    // Both kinds of value were compared, in numbers: the generators aim near the limits.
    expect(Math.min(seen.allowed, seen.refused)).toBeGreaterThan(250);
  }, 120_000);
});

/**
 * Where the two may differ without a fault of the emitted schema. zod accepts a little more than JSON
 * Schema, on the safe side: minLength counts UTF-16 units, so a string of characters outside the BMP
 * may pass a minLength it falls short of; multipleOf reads a tiny number written with an exponent
 * (1e-7) as 0, a multiple of anything. And ajv refuses a true multiple of 1e21 or more: it checks
 * the quotient with parseInt, which stops at the exponent (parseInt(1e21) is 1).
 */
function knownDisagreement(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('😀');
  if (typeof value === 'number') return String(value).includes('e-') || Math.abs(value) >= 1e21;
  return typeof value === 'object' && value !== null && Object.values(value).some(knownDisagreement);
}

/**
 * An integer JavaScript cannot hold exactly (beyond ±(2^53 − 1)): an `integer` schema becomes z.int(),
 * which refuses it, where JSON Schema allows any whole number. On purpose: read as a JavaScript
 * number it may already be another number, so svc refuses it rather than send it rounded (the
 * guide, "Adding an area", says so). fc.jsonValue makes such numbers now and then.
 */
function beyondExactIntegers(value: unknown): boolean {
  if (typeof value === 'number') return Number.isInteger(value) && !Number.isSafeInteger(value);
  return typeof value === 'object' && value !== null && Object.values(value).some(beyondExactIntegers);
}

function fail(schema: unknown, value: unknown, source: string, unmapped: Unmapped[], what: string): boolean {
  expect.fail(`${what}: ${JSON.stringify(value)}\nschema: ${JSON.stringify(schema)}\nsource: ${source}\nunmapped: ${JSON.stringify(unmapped)}`);
}

import { describe, expect, it } from 'vitest';
import { type JsonSchema, SchemaWriter, type Unmapped } from '../../../src/openapi/import/schema-source.js';
import { jsonSchemaOf } from '../../../src/openapi/json-schema.js';
import { emit, moduleText, typeErrors } from './emitted.js';

function written(schema: JsonSchema, use: 'request' | 'response' = 'request', dialect: '3.0' | '3.1' = '3.1', document: Record<string, unknown> = {}) {
  const unmapped: Unmapped[] = [];
  const writer = new SchemaWriter({ dialect, document, unmapped: (item) => unmapped.push(item) });
  const expression = writer.expression(schema, use, '#/s');
  return { expression, declarations: writer.declarations(), unmapped, writer };
}

const accepts = (schema: JsonSchema, value: unknown, options?: Parameters<typeof emit>[2]) => emit(schema, 'request', options).schema.safeParse(value).success;

describe('the schema writer maps JSON Schema to zod/mini source', () => {
  it.each<[string, JsonSchema, string]>([
    ['a string', { type: 'string' }, 'z.string()'],
    ['string bounds', { type: 'string', minLength: 2, pattern: '^a' }, 'z.string().check(z.minLength(2), z.regex(new RegExp("^a", "u")))'],
    ['an e-mail address', { type: 'string', format: 'email' }, 'z.email()'],
    ['a URI', { type: 'string', format: 'uri' }, 'z.url()'],
    ['a UUID', { type: 'string', format: 'uuid' }, 'z.guid()'],
    ['a date-time', { type: 'string', format: 'date-time' }, 'z.iso.datetime({ offset: true })'],
    ['a date', { type: 'string', format: 'date' }, 'z.iso.date()'],
    ['an IPv4 address', { type: 'string', format: 'ipv4' }, 'z.ipv4()'],
    ['an IPv6 address', { type: 'string', format: 'ipv6' }, 'z.ipv6()'],
    ['an integer with bounds', { type: 'integer', minimum: 0, maximum: 10, multipleOf: 2 }, 'z.int().check(z.gte(0), z.lte(10), z.multipleOf(2))'],
    ['an int32', { type: 'integer', format: 'int32' }, 'z.int32()'],
    ['3.1 exclusive bounds', { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1.5 }, 'z.number().check(z.gt(0), z.lt(1.5))'],
    ['a boolean', { type: 'boolean' }, 'z.boolean()'],
    ['null', { type: 'null' }, 'z.null()'],
    [
      'an array with bounds',
      { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 3 },
      'z.array(z.string()).check(z.minLength(1), z.maxLength(3))',
    ],
    ['an array of anything', { type: 'array' }, 'z.array(z.unknown())'],
    ['a string enum', { type: 'string', enum: ['a', 'b'] }, 'z.enum(["a", "b"])'],
    ['a number enum', { type: 'integer', enum: [1, 2] }, 'z.literal([1, 2])'],
    ['a mixed enum with null', { enum: ['a', 1, null] }, 'z.literal(["a", 1, null])'],
    ['a const', { const: 'email' }, 'z.literal("email")'],
    ['3.1 nullable', { type: ['string', 'null'] }, 'z.nullable(z.string())'],
    ['several types', { type: ['string', 'integer'] }, 'z.union([z.string(), z.int()])'],
    ['anyOf', { anyOf: [{ type: 'string' }, { type: 'number' }] }, 'z.union([z.string(), z.number()])'],
    ['anyOf with null', { anyOf: [{ type: 'string' }, { type: 'null' }] }, 'z.nullable(z.string())'],
    ['allOf of strings', { allOf: [{ type: 'string' }, { type: 'string', minLength: 1 }] }, 'z.intersection(z.string(), z.string().check(z.minLength(1)))'],
    ['a loose object', { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] }, 'z.looseObject({ a: z.string() })'],
    [
      'a strict object',
      { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false },
      'z.strictObject({ a: z.optional(z.string()) })',
    ],
    ['a record', { type: 'object', additionalProperties: { type: 'integer' } }, 'z.record(z.string(), z.int())'],
    ['a record by property names', { type: 'object', propertyNames: { enum: ['a', 'b'] } }, 'z.partialRecord(z.enum(["a", "b"]), z.unknown())'],
    [
      'properties and a catchall',
      { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: { type: 'integer' } },
      'z.catchall(z.object({ a: z.optional(z.string()) }), z.int())',
    ],
    ['a description', { type: 'string', description: 'the name' }, 'z.string().check(z.describe("the name"))'],
    ['a deprecated schema', { type: 'string', deprecated: true }, 'z.string().check(z.meta({ deprecated: true }))'],
    ['a default', { type: 'object', properties: { n: { type: 'integer', default: 3 } } }, 'z.looseObject({ n: z._default(z.int(), 3) })'],
    ['true', true, 'z.unknown()'],
    ['false', false, 'z.never()'],
    ['an empty schema', {}, 'z.unknown()'],
  ])('%s', (_name, schema, expected) => {
    const result = written(schema);
    expect(result.expression).toBe(expected);
    expect(result.unmapped).toEqual([]);
  });

  it('reads OpenAPI 3.0 nullable and boolean exclusive bounds', () => {
    expect(written({ type: 'string', nullable: true }, 'request', '3.0').expression).toBe('z.nullable(z.string())');
    expect(written({ type: 'string', enum: ['a'], nullable: true }, 'request', '3.0').expression).toBe('z.literal(["a", null])');
    expect(written({ type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 1, exclusiveMaximum: true }, 'request', '3.0').expression).toBe(
      'z.number().check(z.gt(0), z.lt(1))',
    );
  });

  it('merges allOf objects into one object, through $refs, keeping every part’s properties and required names', () => {
    const document = { components: { schemas: { Base: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } } } };
    const result = written(
      { allOf: [{ $ref: '#/components/schemas/Base' }, { properties: { n: { type: 'integer' } }, required: ['n'] }] },
      'request',
      '3.1',
      document,
    );
    expect(result.expression).toBe('z.looseObject({ id: z.string(), n: z.int() })');
    expect(result.unmapped).toEqual([]);
  });

  it('writes anyOf of required fields beside an object as the registry’s atLeastOneOf rule', () => {
    const result = written({
      type: 'object',
      properties: { email: { type: 'string' }, url: { type: 'string' } },
      additionalProperties: false,
      anyOf: [{ required: ['email'] }, { required: ['url'] }],
    });
    expect(result.expression).toBe(
      'atLeastOneOf(z.strictObject({ email: z.optional(z.string()), url: z.optional(z.string()) }), ["email", "url"], "at least one of email and url is required")',
    );
    expect(result.writer.registryImports()).toEqual({ 'rules.js': ['atLeastOneOf'] });
    const body = {
      type: 'object',
      properties: { email: { type: 'string' }, url: { type: 'string' } },
      anyOf: [{ required: ['email'] }, { required: ['url'] }],
    } as const;
    expect(accepts(body, { url: 'x' })).toBe(true);
    expect(accepts(body, {})).toBe(false);
  });

  it('requires a required name that has no property schema, with any value', () => {
    expect(written({ type: 'object', required: ['a'] }).expression).toBe('z.looseObject({ a: z.unknown() })');
    expect(accepts({ type: 'object', required: ['a'] }, {})).toBe(false);
    expect(accepts({ type: 'object', required: ['a'] }, { a: null })).toBe(true);
    expect(written({ type: 'object', required: ['a'], additionalProperties: false }).unmapped).toEqual([
      { construct: 'required', where: '#/s/required', note: '"a" required but not allowed by additionalProperties: false; accepted' },
    ]);
  });

  it('checks a required name that has no property schema by additionalProperties, as JSON Schema does', () => {
    const schema = { type: 'object', properties: { n: { type: 'integer' } }, required: ['b'], additionalProperties: { type: 'string', pattern: '^.{2}$' } };
    const value = 'z.string().check(z.regex(new RegExp("^.{2}$", "u")))';
    expect(written(schema).expression).toBe(`z.catchall(z.object({ n: z.optional(z.int()), b: ${value} }), ${value})`);
    expect(accepts(schema, { b: 'ok' })).toBe(true);
    for (const value of [{}, { b: '' }, { b: {} }, { b: 'ok', c: 1 }]) expect(accepts(schema, value)).toBe(false);
  });

  it('keeps an at-least-one rule inside a nullable object (3.0 nullable), so null passes', () => {
    const schema = {
      type: 'object',
      nullable: true,
      properties: { source: { type: 'string' }, build: { type: 'string' } },
      anyOf: [{ required: ['source'] }, { required: ['build'] }],
    };
    const result = written(schema, 'request', '3.0');
    expect(result.expression).toBe(
      'z.nullable(atLeastOneOf(z.looseObject({ source: z.optional(z.string()), build: z.optional(z.string()) }), ["source", "build"], "at least one of source and build is required"))',
    );
    expect(result.unmapped).toEqual([]);
    const emitted = emit(schema, 'request', { dialect: '3.0' });
    expect([null, { build: 'b' }, {}].map((value) => emitted.schema.safeParse(value).success)).toEqual([true, true, false]);
  });

  it('drops readOnly properties from requests and writeOnly ones from responses', () => {
    const schema = { type: 'object', properties: { id: { type: 'string', readOnly: true }, secret: { type: 'string', writeOnly: true } }, required: ['id'] };
    expect(written(schema, 'request').expression).toBe('z.looseObject({ secret: z.optional(z.string()) })');
    expect(written(schema, 'response').expression).toBe('z.looseObject({ id: z.string() })');
  });

  it('names a $ref schema once per use only when readOnly or writeOnly parts make the uses differ', () => {
    const document = {
      components: { schemas: { Plain: { type: 'string' }, Marked: { type: 'object', properties: { id: { type: 'string', readOnly: true } } } } },
    };
    const unmapped: Unmapped[] = [];
    const writer = new SchemaWriter({ dialect: '3.1', document, unmapped: (item) => unmapped.push(item) });
    const uses = (['request', 'response'] as const).flatMap((use) =>
      ['Plain', 'Marked'].map((name) => writer.expression({ $ref: `#/components/schemas/${name}` }, use, '#/s')),
    );
    expect(uses).toEqual(['Plain', 'MarkedRequest', 'Plain', 'Marked']);
    expect(writer.declarations()).toBe(
      'const Plain = z.string();\nconst MarkedRequest = z.looseObject({});\nconst Marked = z.looseObject({ id: z.optional(z.string()) });',
    );
  });

  it('keeps a description on a 3.0 $ref and says that other sibling keywords are ignored', () => {
    const document = { components: { schemas: { Name: { type: 'string' } } } };
    const result = written({ $ref: '#/components/schemas/Name', description: 'd', minLength: 3 }, 'request', '3.0', document);
    expect(result.expression).toBe('Name.check(z.describe("d"))');
    expect(result.unmapped).toEqual([{ construct: '$ref', where: '#/s', note: 'minLength beside $ref: ignored, as OpenAPI 3.0 says' }]);
    expect(written({ $ref: '#/components/schemas/Name', minLength: 3 }, 'request', '3.1', document).expression).toBe(
      'z.intersection(Name, z.string().check(z.minLength(3)))',
    );
  });

  it('counts maxLength in characters, as JSON Schema does, so a string of emoji within the limit is accepted', () => {
    const schema = { type: 'string', maxLength: 2 } as const;
    expect(accepts(schema, '😀😀')).toBe(true);
    expect(accepts(schema, '😀😀😀')).toBe(false);
    expect(JSON.stringify(jsonSchemaOf(emit(schema).schema, 'input'))).toBe('{"type":"string","maxLength":2}');
  });

  it('accepts a date-time with an offset, as RFC 3339 allows', () => {
    expect(accepts({ type: 'string', format: 'date-time' }, '2026-11-25T21:00:00+01:00')).toBe(true);
    expect(accepts({ type: 'string', format: 'date-time' }, '2026-11-25')).toBe(false);
  });
});

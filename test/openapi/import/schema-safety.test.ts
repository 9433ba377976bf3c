import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { $ZodType } from 'zod/v4/core';
import { type JsonSchema, MAX_DEPTH, SchemaWriter, type Unmapped } from '../../../src/openapi/import/schema-source.js';
import { childPointer } from '../../../src/openapi/import/schema-text.js';
import { jsonSchemaOf } from '../../../src/openapi/json-schema.js';
import { evaluate, moduleText, typeErrors } from './emitted.js';

/** Text that would break out of a comment, a template literal, a string or a line if pasted into code. */
const HOSTILE_TEXT = [
  '*/ globalThis.pwned = 1; /*',
  '`${globalThis.pwned = 1}`',
  '${globalThis.pwned = 1}',
  'line\nbreak\r\n',
  'separators \u2028 and \u2029',
  'quotes \' " and a backslash \\',
  '</script><!--',
  'nul \u0000 and a lone surrogate \ud800',
];
/** Property names that are special to objects, empty, or need quoting. */
const HOSTILE_NAMES = ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty', '', 'a"b', "it's", 'two words', '0', '\u2028', '${x}'];

function document(): Record<string, unknown> {
  const properties = Object.fromEntries(HOSTILE_NAMES.map((name, index) => [name, { type: 'string', description: HOSTILE_TEXT[index % HOSTILE_TEXT.length] }]));
  const schemas: Record<string, unknown> = {
    Hostile: {
      type: 'object',
      description: HOSTILE_TEXT.join(' | '),
      properties: {
        ...properties,
        picked: { type: 'string', enum: HOSTILE_TEXT.slice(0, 7), default: HOSTILE_TEXT[1] },
        shaped: { type: 'string', pattern: '^[\'"`$*/]+$' },
        linked: { $ref: '#/components/schemas/a"b*~1' },
      },
      required: HOSTILE_NAMES,
    },
  };
  // Component names that are keywords, globals, the zod namespace, or no identifier at all.
  // (Defined, not assigned: `__proto__` is an own key in parsed JSON, as here.)
  for (const name of ['a"b*/', 'class', 'z', '__proto__', 'Object', '', '9lives', 'Hostile ']) {
    Object.defineProperty(schemas, name, { value: { type: 'string', description: `named ${name}` }, enumerable: true, writable: true, configurable: true });
  }
  return { components: { schemas } };
}

function writeAll(doc: Record<string, unknown>) {
  const unmapped: Unmapped[] = [];
  const writer = new SchemaWriter({ dialect: '3.1', document: doc, unmapped: (item) => unmapped.push(item), reservedNames: ['hostile'] });
  const names = Object.keys((doc.components as { schemas: object }).schemas);
  const expressions = names.map((name) => writer.expression({ $ref: childPointer('#/components/schemas', name) }, 'request', `#/test/${names.indexOf(name)}`));
  return { writer, expressions, unmapped, names };
}

afterEach(() => {
  delete (globalThis as { pwned?: unknown }).pwned;
});

/** Generated modules, type-checked together at the end (one TypeScript program: seconds, not seconds each). */
const generated: Record<string, string> = {};

afterAll(() => {
  expect(Object.keys(generated).sort()).toEqual(['hostile', 'tree']);
  expect(typeErrors(generated)).toEqual([]);
}, 120_000);

describe('generated code is safe whatever the description holds', () => {
  it('compiles, runs nothing from the description, and keeps every property name and text as it was', () => {
    const doc = document();
    const { writer, expressions, unmapped, names } = writeAll(doc);
    const source = moduleText(writer, { all: `[${expressions.join(', ')}] as const` });
    generated.hostile = source;
    const all = evaluate(source.replace(/^import .*$/gm, '').replace('export const all', 'const all'), 'all') as $ZodType[];
    expect((globalThis as { pwned?: unknown }).pwned).toBeUndefined();
    const hostile = all[0]!;
    const shape = (hostile as unknown as { _zod: { def: { shape: object } } })._zod.def.shape;
    // In the description's order, as JavaScript orders keys (an integer-like name first).
    const propertyNames = Object.keys((doc.components as { schemas: Record<string, { properties: object }> }).schemas.Hostile!.properties);
    expect(propertyNames).toEqual(['0', ...HOSTILE_NAMES.filter((name) => name !== '0'), 'picked', 'shaped', 'linked']);
    expect(Object.keys(shape)).toEqual(propertyNames);
    // Every text comes back out of zod as it went in: descriptions, enum values, the pattern.
    const exported = jsonSchemaOf(hostile, 'input') as {
      description: string;
      properties: Record<string, { description?: string; enum?: string[]; pattern?: string }>;
    };
    expect(exported.description).toBe(HOSTILE_TEXT.join(' | '));
    expect(Object.keys(exported.properties)).toEqual(propertyNames);
    HOSTILE_NAMES.forEach((name, index) => expect(exported.properties[name]!.description).toBe(HOSTILE_TEXT[index % HOSTILE_TEXT.length]!));
    expect(exported.properties.picked!.enum).toEqual(HOSTILE_TEXT.slice(0, 7));
    expect(exported.properties.shaped!.pattern).toBe('^[\'"`$*/]+$');
    // Names are unique identifiers, never the zod namespace, a keyword or a global.
    const declared = [...writer.declarations().matchAll(/^const (\S+?)(:| =)/gm)].map((match) => match[1]);
    expect(declared).toEqual(['AB', 'Hostile', 'Class', 'Z', 'Proto', 'Object2', 'Schema', 'Schema9lives', 'Hostile2']);
    expect(names).toHaveLength(9);
    expect(unmapped.map((item) => `${item.construct} ${item.where}`)).toEqual(['property name #/components/schemas/Hostile/properties/__proto__']);
  });

  it('parses values keyed by those names into own properties, never into the prototype', () => {
    const doc = {
      components: {
        schemas: { Keys: { type: 'object', properties: { constructor: { type: 'string' }, toString: { type: 'string' }, '': { type: 'integer' } } } },
      },
    };
    const { writer, expressions } = writeAll(doc);
    const keys = evaluate(`${writer.declarations()}`, expressions[0]!) as { parse(value: unknown): Record<string, unknown> };
    const parsed = keys.parse(JSON.parse('{"constructor":"c","toString":"t","":1,"__proto__":{"polluted":true}}'));
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    expect([parsed.constructor, parsed.toString, parsed['']]).toEqual(['c', 't', 1]);
  });
});

describe('named schemas and cycles', () => {
  const tree = {
    components: {
      schemas: {
        Node: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            children: { type: 'array', items: { $ref: '#/components/schemas/Node' } },
            owner: { $ref: '#/components/schemas/Owner' },
          },
          required: ['name'],
        },
        Owner: { type: 'object', properties: { nodes: { type: 'array', items: { $ref: '#/components/schemas/Node' } } } },
        Loop: { $ref: '#/components/schemas/Back' },
        Back: { $ref: '#/components/schemas/Loop' },
      },
    },
  };

  it('declares a recursive schema through z.lazy, typed so that it compiles, and checks values at any depth', () => {
    const { writer, expressions, unmapped } = writeAll(tree);
    expect(writer.declarations()).toBe(
      [
        'const Owner = z.looseObject({ nodes: z.optional(z.array(z.lazy(() => Node))) });',
        'const Node: z.ZodMiniType = z.looseObject({ name: z.string(), children: z.optional(z.array(z.lazy(() => Node))), owner: z.optional(Owner) });',
      ].join('\n'),
    );
    generated.tree = moduleText(writer, { node: expressions[0]!, owner: expressions[1]! });
    const node = evaluate(writer.declarations(), 'Node') as { safeParse(value: unknown): { success: boolean } };
    let deep: Record<string, unknown> = { name: 'leaf' };
    for (let level = 0; level < 200; level += 1) deep = { name: `n${level}`, children: [deep], owner: { nodes: [{ name: 'o' }] } };
    expect(node.safeParse(deep).success).toBe(true);
    let broken: Record<string, unknown> = { name: 7 };
    for (let level = 0; level < 200; level += 1) broken = { name: 'n', children: [broken] };
    expect(node.safeParse(broken).success).toBe(false);
    expect(unmapped.map((item) => item.construct)).toEqual(['$ref', '$ref']);
    expect(expressions.slice(2)).toEqual(['z.unknown()', 'z.unknown()']);
  });

  it('writes the same bytes for the same description', () => {
    const first = writeAll(tree);
    const second = writeAll(structuredClone(tree));
    expect(second.expressions).toEqual(first.expressions);
    expect(second.writer.declarations()).toBe(first.writer.declarations());
  });

  it('declares a long chain of references dependencies first, without recursion', () => {
    const schemas: Record<string, unknown> = {};
    for (let index = 0; index < 5000; index += 1)
      schemas[`S${index}`] = { type: 'object', properties: { next: { $ref: `#/components/schemas/S${index + 1}` } } };
    schemas.S5000 = { type: 'string' };
    const unmapped: Unmapped[] = [];
    const writer = new SchemaWriter({ dialect: '3.1', document: { components: { schemas } }, unmapped: (item) => unmapped.push(item) });
    expect(writer.expression({ $ref: '#/components/schemas/S0' }, 'response', '#/s')).toBe('S0');
    const declarations = writer.declarations().split('\n');
    expect(declarations).toHaveLength(5001);
    expect(declarations[0]).toBe('const S5000 = z.string();');
    expect(declarations.at(-1)).toBe('const S0 = z.looseObject({ next: z.optional(S1) });');
    expect(unmapped).toEqual([]);
  });
});

describe('bounds', () => {
  it('reports a schema nested deeper than the bound instead of overflowing the stack', () => {
    let schema: JsonSchema = { type: 'string' };
    for (let level = 0; level < 100_000; level += 1) schema = { type: 'array', items: schema };
    const unmapped: Unmapped[] = [];
    const writer = new SchemaWriter({ dialect: '3.1', document: {}, unmapped: (item) => unmapped.push(item) });
    const expression = writer.expression(schema, 'request', '#/deep');
    expect(unmapped).toEqual([
      { construct: 'depth', where: `#/deep${'/items'.repeat(MAX_DEPTH)}`, note: `nested deeper than ${MAX_DEPTH} levels; any value is accepted here` },
    ]);
    expect(expression.match(/z\.array\(/g)).toHaveLength(MAX_DEPTH);
    const nested = (levels: number, inner: unknown) => Array.from({ length: levels }).reduce<unknown>((value) => [value], inner);
    const deep = evaluate('', expression) as { safeParse(value: unknown): { success: boolean } };
    expect(deep.safeParse(nested(MAX_DEPTH, { anything: true })).success).toBe(true);
    expect(deep.safeParse(nested(MAX_DEPTH - 1, 'not an array')).success).toBe(false);
  });

  it('reports a description larger than the node bound, and maps what comes before it', () => {
    const properties = Object.fromEntries(Array.from({ length: 50 }, (_, index) => [`p${index}`, { type: 'string' }]));
    const unmapped: Unmapped[] = [];
    const writer = new SchemaWriter({ dialect: '3.1', document: {}, unmapped: (item) => unmapped.push(item), limits: { nodes: 20 } });
    const expression = writer.expression({ type: 'object', properties }, 'request', '#/big');
    expect(unmapped).toEqual([{ construct: 'size', where: '#/big/properties/p19', note: 'more than 20 schema nodes; any value is accepted from here on' }]);
    expect(expression).toContain('p18: z.optional(z.string()), p19: z.optional(z.unknown())');
  });
});

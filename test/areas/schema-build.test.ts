import { describe, expect, it } from 'vitest';
import { createSchemaBuilder, CorruptTree } from '../../src/areas/schema-build.js';
import type { SchemaTree } from '../../src/openapi/import/schema-tree.js';
import { operationFields } from '../../registry/fields.js';
import { rulesOf } from '../../registry/rules.js';
import { jsonSchemaOf } from '../../src/openapi/json-schema.js';

// How svc builds an added area's schemas from the trees its store holds: only zod's functions, each
// argument of the kind it takes. (That the trees build what the importer's source says, for every
// construct: test/openapi/import/schema-agreement.test.ts.)

// Named schemas are kept as JSON text, as the store keeps them.
const build = (tree: unknown, named: unknown[] = []) =>
  createSchemaBuilder((index) => named.map((item) => (typeof item === 'string' ? item : JSON.stringify(item)))[index])(tree as SchemaTree);
const refusal = (tree: unknown, named: unknown[] = []): string => {
  try {
    build(tree, named);
  } catch (error) {
    expect(error).toBeInstanceOf(CorruptTree);
    return (error as Error).message;
  }
  throw new Error('built a tree that should be refused');
};

describe('schemas built from stored trees', () => {
  it('build named schemas once, when first reached, and through z.lazy where a cycle is', () => {
    // Node = { name, children: Node[] }, as the importer stores a recursive schema.
    const node = {
      z: 'looseObject',
      a: [
        {
          shape: [
            ['name', { z: 'string' }],
            ['children', { z: 'optional', a: [{ z: 'array', a: [{ n: 0, lazy: true }] }] }],
          ],
        },
      ],
    };
    const builder = createSchemaBuilder((index) => [JSON.stringify(node)][index]);
    const schema = builder({ n: 0 });
    expect(builder({ n: 0 })).toBe(schema);
    expect(schema.safeParse({ name: 'a', children: [{ name: 'b', children: [] }] }).success).toBe(true);
    expect(schema.safeParse({ name: 'a', children: [{ name: 2 }] }).success).toBe(false);
  });

  it('keep a property named __proto__ as a property, never as the prototype', () => {
    const schema = build({
      z: 'strictObject',
      a: [
        {
          shape: [
            ['__proto__', { z: 'string' }],
            ['b', { z: 'number' }],
          ],
        },
      ],
    });
    expect(Object.keys((schema as unknown as { shape: object }).shape)).toEqual(['__proto__', 'b']);
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it('carry descriptions, deprecation and at-least-one rules, which help and the export read', () => {
    const body = build({
      z: 'atLeastOneOf',
      a: [
        { z: 'strictObject', a: [{ shape: [['email', { z: 'optional', a: [{ z: 'string', c: [{ z: 'describe', a: [{ v: 'their e-mail' }] }] }] }]] }] },
        { v: ['email'] },
        { v: 'give an e-mail' },
      ],
    });
    expect(rulesOf(body)).toEqual([{ kind: 'at-least-one', fields: ['email'], description: 'give an e-mail' }]);
    const op = { method: 'POST' as const, path: '/x', summary: '', args: [], body, response: build({ z: 'unknown' }), safety: 'unsafe' as const, examples: [] };
    expect(operationFields(op)).toEqual([{ name: 'email', in: 'body', kind: 'string', required: false, description: 'their e-mail' }]);
    expect(
      jsonSchemaOf(
        build({
          z: 'string',
          c: [
            { z: 'meta', a: [{ v: { deprecated: true } }] },
            { z: 'maxChars', a: [{ v: 2 }] },
          ],
        }),
        'input',
      ),
    ).toEqual({
      type: 'string',
      deprecated: true,
      maxLength: 2,
    });
  });

  it.each<[string, unknown, unknown[], RegExp]>([
    ['a function zod has but svc does not build', { z: 'function' }, [], /^"function" is no zod function svc builds$/],
    ['a name from the prototype', { z: 'constructor' }, [], /^"constructor" is no zod function svc builds$/],
    ['a name that is no string', { z: ['string'] }, [], /^"string" is no zod function svc builds$/],
    ['a schema function as a check', { z: 'string', c: [{ z: 'string' }] }, [], /^"string" is no zod function svc builds as a check$/],
    ['an argument where none is taken', { z: 'string', a: [{ v: 1 }] }, [], /^z\.string takes no argument$/],
    ['a schema where a value goes', { z: 'enum', a: [{ z: 'string' }] }, [], /^z\.enum takes a value$/],
    ['an enum of numbers', { z: 'enum', a: [{ v: [1] }] }, [], /^z\.enum takes strings$/],
    ['a literal object', { z: 'literal', a: [{ v: { a: 1 } }] }, [], /takes a string, number, boolean or null/],
    ['a shape of something else', { z: 'strictObject', a: [{ shape: [['a']] }] }, [], /shape of \[name, schema\] pairs/],
    ['a regex flag other than u', { z: 'string', c: [{ z: 'regex', a: [{ v: 'a' }, { v: 'g' }] }] }, [], /takes the flag "u" or none/],
    ['a pattern that does not compile', { z: 'string', c: [{ z: 'regex', a: [{ v: '(' }] }] }, [], /does not compile/],
    ['a bound that is not a whole number', { z: 'array', a: [{ z: 'string' }], c: [{ z: 'maxLength', a: [{ v: -1 }] }] }, [], /whole number/],
    ['a schema used as a check', { z: 'string', c: [{ n: 0 }] }, [{ z: 'string' }], /takes checks/],
    ['a named schema the area lacks', { n: 3 }, [], /refers to named schema 3, which the area does not have/],
    ['a cycle without z.lazy', { n: 0 }, [{ z: 'array', a: [{ n: 0 }] }], /through itself without z\.lazy/],
    ['iso.datetime without its offset', { z: 'iso.datetime', a: [{ v: {} }] }, [], /takes \{ offset: true \}/],
    ['a named schema that is not JSON', { n: 0 }, ['{'], /^a schema is not JSON$/],
    ['meta that is no object', { z: 'string', c: [{ z: 'meta', a: [{ v: 'x' }] }] }, [], /takes an object/],
  ])('refuse %s, naming it', (_name, tree, named, message) => {
    expect(refusal(tree, named)).toMatch(message);
  });

  it('refuse a tree nested past any the importer writes, without running out of stack', () => {
    let tree: unknown = { z: 'string' };
    for (let i = 0; i < 5000; i++) tree = { z: 'array', a: [tree] };
    expect(refusal(tree)).toMatch(/nests deeper than 400 levels/);
  });
});

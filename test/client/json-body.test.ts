import { describe, expect, it } from 'vitest';
import { jsonBodyProblem } from '../../src/client/json-body.js';
import { MAX_JSON_DEPTH, nestingDepth } from '../../src/client/response-body.js';

// A request body the library would send differently from what the caller gave (JSON.stringify
// drops or changes it, or throws) is refused with nothing sent, in one sentence that says where.
// Each case is pinned with its boundary, so a mutant of either fails a test.
describe('jsonBodyProblem refuses what JSON cannot hold, saying where', () => {
  const cyclic: Record<string, unknown> = { name: 'loop' };
  cyclic.self = cyclic;
  const cyclicList: unknown[] = [1];
  cyclicList.push({ back: cyclicList });

  it.each([
    ['a BigInt', { data: { n: 10n } }, 'body.data.n is a BigInt, which JSON cannot hold; give a number or a string'],
    ['a BigInt as the body', 10n, 'body is a BigInt, which JSON cannot hold; give a number or a string'],
    ['NaN', { price: Number.NaN }, 'body.price is NaN, which JSON cannot hold'],
    ['NaN in a later field', { name: 'Ada', n: 1, price: Number.NaN }, 'body.price is NaN, which JSON cannot hold'],
    ['Infinity', { n: Infinity }, 'body.n is Infinity, which JSON cannot hold'],
    ['-Infinity', [1, -Infinity], 'body[1] is -Infinity, which JSON cannot hold'],
    ['a function', { f: () => 1 }, 'body.f is a function, which JSON cannot hold'],
    ['a symbol', { s: Symbol('x') }, 'body.s is a symbol, which JSON cannot hold'],
    ['undefined in a list', { list: ['a', undefined, 'c'] }, 'body.list[1] is undefined, which JSON would send as null'],
    ['a cycle through an object', cyclic, 'body.self refers back to itself (a cycle), which JSON cannot hold'],
    ['a cycle through a list', cyclicList, 'body[1].back refers back to itself (a cycle), which JSON cannot hold'],
    ['a problem after good items', { data: { tags: ['a', 'b', { deep: [0, 1, Number.NaN] }] } }, 'body.data.tags[2].deep[2] is NaN, which JSON cannot hold'],
  ])('%s', (_name, body, sentence) => {
    expect(jsonBodyProblem(body)).toBe(sentence);
  });

  it.each([
    ['plain data', { data: { name: 'Ada', n: 1.5, ok: true, none: null, list: [1, 'two', [3]] } }],
    ['a string', 'text'],
    ['null', null],
    ['an undefined field, which JSON leaves out by design', { name: 'Ada', nickname: undefined }],
    ['a Date, which writes itself', { at: new Date(0) }],
    ['an object with its own toJSON holding a BigInt', { n: { big: 10n, toJSON: () => '10' } }],
    [
      'one object shared by two fields (not a cycle)',
      (() => {
        const shared = { a: 1 };
        return { first: shared, second: [shared, shared] };
      })(),
    ],
  ])('%s is sent as given', (_name, body) => {
    expect(jsonBodyProblem(body)).toBeUndefined();
  });

  // The same count the reader of an answer and `svc mock` use: nesting in brackets.
  const nested = (levels: number): unknown => {
    let value: unknown = [];
    for (let i = 1; i < levels; i++) value = i % 2 === 0 ? [value] : { n: value };
    return value;
  };

  it(`nests up to ${MAX_JSON_DEPTH} levels and no deeper, counted as the service counts them`, () => {
    expect(nestingDepth(JSON.stringify(nested(MAX_JSON_DEPTH)))).toBe(MAX_JSON_DEPTH);
    expect(jsonBodyProblem(nested(MAX_JSON_DEPTH))).toBeUndefined();
    expect(jsonBodyProblem(nested(MAX_JSON_DEPTH + 1))).toMatch(new RegExp(`^body(\\.n|\\[0\\])+ nests deeper than ${MAX_JSON_DEPTH} levels$`));
    expect(jsonBodyProblem({ ok: nested(MAX_JSON_DEPTH + 5) })).toMatch(/nests deeper than 1000 levels$/);
  });
});

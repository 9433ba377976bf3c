import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, nestingDepth, parseJsonBody } from '../../src/client/response-body.js';

describe('parseJsonBody', () => {
  it('reads JSON, with or without a byte-order mark', () => {
    expect(parseJsonBody('{"a":[1,{"b":null}]}')).toEqual({ ok: true, value: { a: [1, { b: null }] } });
    expect(parseJsonBody('\uFEFF[1]')).toEqual({ ok: true, value: [1] });
  });

  it('refuses malformed JSON and JSON nested past the cap, without recursing', () => {
    expect(parseJsonBody('{"a": tru')).toEqual({ ok: false, problem: 'malformed' });
    const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
    expect(parseJsonBody(deep(MAX_JSON_DEPTH)).ok).toBe(true);
    expect(parseJsonBody(deep(MAX_JSON_DEPTH + 1))).toEqual({ ok: false, problem: 'too-deep' });
    expect(parseJsonBody(deep(1_000_000))).toEqual({ ok: false, problem: 'too-deep' });
  });
});

describe('nestingDepth', () => {
  it.each([
    ['1', 0],
    ['[]', 1],
    ['{"a":{"b":[]}}', 3],
    ['["[[[[", "{{{"]', 1],
    ['["\\"[[[", [2]]', 2],
    ['["\\\\", [[3]]]', 3],
  ])('%s -> %i', (text, depth) => {
    expect(nestingDepth(text)).toBe(depth);
  });
});

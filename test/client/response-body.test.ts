import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, nestingDepth, parseJsonBody } from '../../src/client/response-body.js';

describe('parseJsonBody', () => {
  it('reads JSON, with or without a byte-order mark', () => {
    expect(parseJsonBody('{"a":[1,{"b":null}]}')).toMatchObject({ ok: true, value: { a: [1, { b: null }] } });
    expect(parseJsonBody('\uFEFF[1]')).toMatchObject({ ok: true, value: [1] });
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

describe('parseJsonBody keeps numbers exactly (issue #17)', () => {
  it.each(['9007199254740993', '12345678901234567890', '-0', '1e400', '-1e400', '1.50', '1E2', '1e-7', '0.10000000000000000001', '100000000000000000000000'])('%s', (number) => {
    const parsed = parseJsonBody(`{"n":${number},"s":"${number}","plain":3}`);
    if (!parsed.ok) throw new Error('not parsed');
    expect(JSON.stringify(parsed.exact)).toBe(`{"n":${number},"s":"${number}","plain":3}`);
    expect((parsed.value as { n: number }).n).toBe(Number(number));
  });

  it('gives the plain parse itself when every number survives as a double', () => {
    const parsed = parseJsonBody('{"a":[1,2.5,-3,0.000001,"1.50 in a string",12345678901234567]}'.replace('12345678901234567', '1234567890123456'));
    expect(parsed.ok && parsed.exact === parsed.value).toBe(true);
  });

  it('keeps a __proto__ key as an own key in both readings', () => {
    const parsed = parseJsonBody('{"__proto__":{"x":1e400}}');
    if (!parsed.ok) throw new Error('not parsed');
    expect(Object.hasOwn(parsed.exact as object, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(parsed.exact)).toBe(Object.prototype);
    expect(JSON.stringify(parsed.exact)).toBe('{"__proto__":{"x":1e400}}');
  });
});

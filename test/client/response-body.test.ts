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
    ['[[],[],[]]', 2],
    ['{"a":{},"b":{},"c":{}}', 2],
    ['[{},[],{"a":[]}]', 3],
  ])('%s -> %i', (text, depth) => {
    expect(nestingDepth(text)).toBe(depth);
  });
});

describe('parseJsonBody keeps numbers exactly', () => {
  it.each(['9007199254740993', '12345678901234567890', '-0', '1e400', '-1e400', '1.50', '1E2', '1e-7', '0.10000000000000000001', '100000000000000000000000'])(
    '%s',
    (number) => {
      const parsed = parseJsonBody(`{"n":${number},"s":"${number}","plain":3}`);
      if (!parsed.ok) throw new Error('not parsed');
      expect(JSON.stringify(parsed.exact)).toBe(`{"n":${number},"s":"${number}","plain":3}`);
      expect((parsed.value as { n: number }).n).toBe(Number(number));
    },
  );

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

describe('which numbers parseJsonBody keeps as text', () => {
  const exactOf = (text: string): unknown => {
    const parsed = parseJsonBody(text);
    if (!parsed.ok) throw new Error('not parsed');
    return parsed.exact;
  };

  it('only the numbers a double would change: the others stay plain numbers', () => {
    const exact = exactOf('{"big":9007199254740993,"small":2,"list":[1.5,1.50]}') as { big: object; small: unknown; list: unknown[] };
    expect(typeof exact.big).toBe('object');
    expect(exact.small).toBe(2);
    expect(exact.list[0]).toBe(1.5);
    expect(JSON.stringify(exact)).toBe('{"big":9007199254740993,"small":2,"list":[1.5,1.50]}');
  });

  it.each([
    ['a number-like string after an escaped quote', '{"s":"say \\"1.50\\"","n":1}'],
    ['brackets and digits after an escaped backslash', '["\\\\", 2, "1.50"]'],
    ['every digit and sign plainly written', '[0,1,2,3,4,5,6,7,8,9,-10,0.5,-0.25,10.75]'],
  ])('%s: nothing needs the text kept', (_name, text) => {
    const parsed = parseJsonBody(text);
    expect(parsed.ok && parsed.exact === parsed.value).toBe(true);
  });

  it.each(['[0.0]', '[0.50]', '[9.0]', '[1.0]', '[10.50]', '[90.0]', '[1e2]', '[1E+2]', '[5e-1]', '[-0.0]', '[99999999999999999]', '[0.30000000000000001]'])(
    '%s keeps its text',
    (text) => {
      expect(JSON.stringify(exactOf(text))).toBe(text);
    },
  );

  it('strings stay strings, escapes and all, in a body that needs the exact reading', () => {
    const exact = exactOf('{"n":1.0,"s":"caf\\u00e9 \\"q\\"","t":true,"z":null}') as Record<string, unknown>;
    expect(exact).toMatchObject({ s: 'café "q"', t: true, z: null });
    expect(JSON.stringify(exact)).toBe('{"n":1.0,"s":"café \\"q\\"","t":true,"z":null}');
  });

  it('a number after a string holding an escaped quote and brackets is still found', () => {
    expect(JSON.stringify(exactOf('["a\\"[{", 1.0]'))).toBe('["a\\"[{",1.0]');
  });

  it('a byte-order mark before an exact number', () => {
    expect(JSON.stringify(exactOf('\uFEFF[1.0]'))).toBe('[1.0]');
    expect(parseJsonBody('\uFEFF')).toEqual({ ok: false, problem: 'malformed' });
    expect(parseJsonBody('x\uFEFF[1]')).toEqual({ ok: false, problem: 'malformed' });
  });
});

describe('the scan of an answer (mutants that look equivalent, and are not)', () => {
  it.each(['{"a":"1.5', '["1.5', '{"a":"\\"1.5', '"1e5'])('an unclosed string (%j) ends the scan: the answer is malformed, not a loop', (body) => {
    expect(parseJsonBody(body)).toEqual({ ok: false, problem: 'malformed' });
    expect(nestingDepth(`${body}${'['.repeat(3)}`)).toBe(body.startsWith('"') ? 0 : 1);
  });

  it.each(['[1e+21]', '[1e-7]', '{"n":-1e+21,"m":5e-324}', '[2.5e-8]'])(
    '%s: a number with a signed exponent JSON writes alike is exact as it is, so exact is value itself',
    (body) => {
      const parsed = parseJsonBody(body);
      expect(parsed.ok && parsed.exact === parsed.value).toBe(true);
      expect(parsed.ok && JSON.stringify(parsed.exact)).toBe(body);
    },
  );
});

import { describe, expect, it } from 'vitest';
import { readCallArguments } from '../../src/client/call-arguments.js';
import { jsonBodyProblem } from '../../src/client/json-body.js';
import { jsonTextTooDeep, jsonValueTooDeep, MAX_JSON_DEPTH, parseJsonBody, tooDeep } from '../../src/client/response-body.js';
import { parseNdjsonLine } from '../../src/batch/line-input.js';
import { InputError } from '../../src/errors.js';
import { parseFieldAssignment } from '../../src/input/assignment.js';
import { readFieldText } from '../../src/input/field-text.js';
import { parseUserJson } from '../../src/input/user-file.js';
import { compileQuery } from '../../src/output/query.js';

// JSON deeper than MAX_JSON_DEPTH is refused by one check of text and one of data, in one sentence
// naming what it was, wherever it comes from: a file, an assignment, a field's text, an NDJSON
// line, the library's arguments, an answer, a query's result.

/** `levels` of arrays and objects, alternating, around 1. */
function nest(levels: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = i % 2 ? [value] : { a: value };
  return value;
}
const text = (levels: number) => JSON.stringify(nest(levels));

describe('the one check', () => {
  it(`text: ${MAX_JSON_DEPTH} levels pass, ${MAX_JSON_DEPTH + 1} are refused in the one sentence`, () => {
    expect(jsonTextTooDeep(text(MAX_JSON_DEPTH), 'x')).toBeUndefined();
    expect(jsonTextTooDeep(text(MAX_JSON_DEPTH + 1), 'x')).toBe(`x nests deeper than ${MAX_JSON_DEPTH} levels`);
    expect(jsonTextTooDeep(JSON.stringify(['['.repeat(3000), '{'.repeat(3000)]), 'x')).toBeUndefined(); // brackets in strings do not nest
    expect(jsonTextTooDeep('{', 'x')).toBeUndefined();
  });

  it(`data: ${MAX_JSON_DEPTH} levels pass, ${MAX_JSON_DEPTH + 1} are refused, counted as text counts them`, () => {
    expect(jsonValueTooDeep(nest(MAX_JSON_DEPTH), 'x')).toBeUndefined();
    expect(jsonValueTooDeep(nest(MAX_JSON_DEPTH + 1), 'x')).toBe(tooDeep('x'));
    expect(jsonValueTooDeep({ a: 1, b: [2, nest(MAX_JSON_DEPTH - 2)] }, 'x')).toBeUndefined();
    expect(jsonValueTooDeep({ a: 1, b: [2, nest(MAX_JSON_DEPTH - 1)] }, 'x')).toBe(tooDeep('x'));
    expect([jsonValueTooDeep('text', 'x'), jsonValueTooDeep(null, 'x'), jsonValueTooDeep({}, 'x')]).toEqual([undefined, undefined, undefined]);
  });

  it('data far deeper than the stack holds is walked without recursion', () => {
    expect(jsonValueTooDeep(nest(300_000), 'x')).toBe(tooDeep('x'));
  });
});

describe('every place that reads JSON refuses the same depth in the same sentence', () => {
  const cases: [string, (json: string) => unknown, string][] = [
    ['a file', (json) => parseUserJson(json, 'f.json', 'an object'), 'f.json'],
    ['an assignment', (json) => parseFieldAssignment(`deep:=${json}`), 'the value of deep:='],
    ["a field's text", (json) => readFieldText('json', json), 'the JSON'],
    [
      'an NDJSON line',
      (json) => {
        const line = parseNdjsonLine(`{"b":${json}}`);
        if (!line.ok) throw new InputError(line.problem);
        return line;
      },
      'the line',
    ],
  ];
  it.each(cases)('%s', (_, read, what) => {
    // The line wraps the value in one more level.
    const deepest = what === 'the line' ? MAX_JSON_DEPTH - 1 : MAX_JSON_DEPTH;
    expect(() => read(text(deepest))).not.toThrow();
    expect(() => read(text(deepest + 1))).toThrow(new InputError(tooDeep(what)));
  });

  it("a library call's body, read and checked", () => {
    const read = readCallArguments({ body: nest(MAX_JSON_DEPTH + 1) }, undefined);
    expect(read.ok || read.message).toMatch(/^the input could not be read: it nests deeper than 1000 levels \(at body(\.a|\[0\])+\)$/);
    expect(readCallArguments({ body: nest(MAX_JSON_DEPTH) }, undefined).ok).toBe(true);
    expect(jsonBodyProblem(nest(MAX_JSON_DEPTH + 1))).toMatch(/^body(\.a|\[0\])+ nests deeper than 1000 levels$/);
  });

  it('an answer, and a query result', () => {
    expect(parseJsonBody(text(MAX_JSON_DEPTH + 1))).toEqual({ ok: false, problem: 'too-deep' });
    expect(parseJsonBody(text(MAX_JSON_DEPTH)).ok).toBe(true);
    const wrap = compileQuery('[@]');
    if (!wrap.ok) throw new Error(wrap.message);
    expect(wrap.apply(nest(MAX_JSON_DEPTH))).toEqual({ ok: false, message: tooDeep('the result') });
    expect(wrap.apply(nest(MAX_JSON_DEPTH - 1)).ok).toBe(true);
  });
});

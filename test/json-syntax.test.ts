import { describe, expect, it } from 'vitest';
import { describeJsonSyntax, jsonRefusal } from '../src/json-syntax.js';

// svc names a JSON text's first fault itself, in V8's words, so both builds say the same (the
// standalone binary's JavaScriptCore words its own, and quotes whole words). These tests run on
// Node.js, so V8 itself is the reference: for every text, svc's sentence is V8's, less the piece
// of the text V8 quotes after an unexpected token.

const SECRET = 'sk_live_CANARY0123456789';

/** What V8's JSON.parse says of a text, less its quote of the text; undefined when it parses. */
function v8Says(text: string): string | undefined {
  try {
    JSON.parse(text);
    return undefined;
  } catch (error) {
    return (error as Error).message.replace(/, (?:\.\.\.)?"[\s\S]*"(?:\.\.\.)? is not valid JSON$/, '');
  }
}

/** A small deterministic generator (mulberry32), so a failure names a text that comes back. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SEEDS = [
  '{"data": {"name": "Acme renewal", "amount": 12000, "assignees": ["usr_1", "usr_2"]}}',
  '[1, -2.5e+3, 0, 0.25, true, false, null, "a\\"b\\\\c\\u00e9\\n", {}, []]',
  '{\r\n  "a": [\r\n    {"b": -0.0E-1}\r\n  ],\r\n  "c": "\\ud83d\\ude00 😀 é"\r\n}',
  ' \t\n"text" \n',
  '{"x":{"y":{"z":[[[null]]]}}}',
];
/** Characters a careless edit or a hostile file puts in JSON. */
const PIECES = [...'{}[]:,"\\-+.0123456789eEtfnulsaxu \t\r\n/', '\u0000', '\u001f', '\u00a0', '\u00e9', '\ud83d', '\ufeff', 'undefined', 'NaN'];

/** Texts made from the seeds by cutting, deleting, inserting and replacing characters, a few at a time. */
function brokenTexts(count: number): string[] {
  const next = random(41);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const texts: string[] = [];
  for (let n = 0; n < count; n++) {
    let text = pick(SEEDS);
    for (let edits = 1 + Math.floor(next() * 3); edits > 0; edits--) {
      const at = Math.floor(next() * (text.length + 1));
      const kind = Math.floor(next() * 4);
      if (kind === 0) text = text.slice(0, at);
      else if (kind === 1) text = text.slice(0, at) + text.slice(at + 1);
      else if (kind === 2) text = text.slice(0, at) + pick(PIECES) + text.slice(at);
      else text = text.slice(0, at) + pick(PIECES) + text.slice(at + 1);
    }
    texts.push(text);
  }
  return texts;
}

describe('describeJsonSyntax: why a text is not JSON, in V8 words, whichever runtime runs svc', () => {
  it('says what V8 says of 20,000 texts broken at random (and nothing of those that still parse)', () => {
    const texts = brokenTexts(20_000);
    const differ = texts.filter((text) => describeJsonSyntax(text) !== v8Says(text)).slice(0, 5);
    expect(differ.map((text) => ({ text, svc: describeJsonSyntax(text), v8: v8Says(text) }))).toEqual([]);
    expect(texts.filter((text) => v8Says(text) === undefined).length).toBeGreaterThan(100);
  });

  it.each([
    ['', 'Unexpected end of JSON input'],
    [' \r\n', 'Unexpected end of JSON input'],
    ['{', "Expected property name or '}' in JSON at position 1 (line 1 column 2)"],
    ['{1:2}', "Expected property name or '}' in JSON at position 1 (line 1 column 2)"],
    ['{"a":1,}', 'Expected double-quoted property name in JSON at position 7 (line 1 column 8)'],
    ['{"a" 1}', "Expected ':' after property name in JSON at position 5 (line 1 column 6)"],
    ['{"k":"v"', "Expected ',' or '}' after property value in JSON at position 8 (line 1 column 9)"],
    ['[true false]', "Expected ',' or ']' after array element in JSON at position 6 (line 1 column 7)"],
    ['{"a":1}x', 'Unexpected non-whitespace character after JSON at position 7 (line 1 column 8)'],
    ['"a"\r\n\r\n x', 'Unexpected non-whitespace character after JSON at position 8 (line 3 column 2)'],
    ['"a"\n\r\r x', 'Unexpected non-whitespace character after JSON at position 7 (line 4 column 2)'],
    ['"abc', 'Unterminated string in JSON at position 4 (line 1 column 5)'],
    ['"\t"', 'Bad control character in string literal in JSON at position 1 (line 1 column 2)'],
    ['"\\x"', 'Bad escaped character in JSON at position 2 (line 1 column 3)'],
    ['"\\\u00ff"', 'Bad escaped character in JSON at position 2 (line 1 column 3)'],
    ['"\\\u0100"', "Unexpected token '\u0100'"],
    ['"\\u12"', 'Bad Unicode escape in JSON at position 5 (line 1 column 6)'],
    ['"\\u', 'Bad Unicode escape in JSON at position 3 (line 1 column 4)'],
    ['"\\', 'Unexpected end of JSON input'],
    ['01', 'Unexpected number in JSON at position 1 (line 1 column 2)'],
    ['-01', 'Unexpected number in JSON at position 2 (line 1 column 3)'],
    ['--1', 'No number after minus sign in JSON at position 1 (line 1 column 2)'],
    ['[1.]', 'Unterminated fractional number in JSON at position 3 (line 1 column 4)'],
    ['1e+', 'Exponent part is missing a number in JSON at position 3 (line 1 column 4)'],
    ['tru', 'Unexpected end of JSON input'],
    ['tru1', 'Unexpected number in JSON at position 3 (line 1 column 4)'],
    ['tru"', 'Unexpected string in JSON at position 3 (line 1 column 4)'],
    ['[1,]', "Unexpected token ']'"],
    ['\u00a0', "Unexpected token '\u00a0'"],
    ['undefined', '"undefined" is not valid JSON'],
    ['[object Object]', '"[object Object]" is not valid JSON'],
    [' NaN', "Unexpected token 'N'"],
  ])('%j: %s', (text, message) => {
    expect(describeJsonSyntax(text)).toBe(message);
    expect(v8Says(text)).toBe(message);
  });

  // V8 quotes about ten characters either side of an unexpected token, cut; JavaScriptCore the whole word.
  it.each([
    ['a bare word', SECRET],
    ['a word in an object', `{"email": ${SECRET}}`],
    ['deep in a long text', `{"a": 1, "${'b'.repeat(40)}": ${SECRET}, "${'c'.repeat(40)}": 2}`],
    ['over several lines', `["x"\n,\n${SECRET}`],
    ['a token that is a quote', `x"${SECRET}"`],
  ])('%s: the token is named, no piece of the text is shown', (_, text) => {
    expect(describeJsonSyntax(text)).toMatch(/^Unexpected token '.'$/);
  });

  it('reads a text nested 100,000 deep without running out of stack', () => {
    const deep = `${'['.repeat(100_000)}1${']'.repeat(99_999)}`;
    expect(describeJsonSyntax(deep)).toBe(v8Says(deep));
    expect(describeJsonSyntax(`${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`)).toBeUndefined();
  });

  it('jsonRefusal is the description, and a plain sentence should JSON.parse have refused a text svc reads as JSON', () => {
    expect(jsonRefusal('[1,]')).toBe("Unexpected token ']'");
    expect(jsonRefusal('[]')).toBe('not valid JSON');
  });
});

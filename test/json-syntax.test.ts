import { describe, expect, it } from 'vitest';
import { describeJsonSyntaxError } from '../src/json-syntax.js';

const SECRET = 'sk_live_CANARY0123456789';

/** What JSON.parse says of a text, through describeJsonSyntaxError. */
function said(text: string): string {
  try {
    JSON.parse(text);
  } catch (error) {
    return describeJsonSyntaxError(error);
  }
  throw new Error(`${text} parsed`);
}

describe('describeJsonSyntaxError: why a JSON text is refused, quoting none of it', () => {
  // V8 quotes about ten characters either side of an unexpected token, with or without "..." on each side.
  it.each([
    ['a bare word', SECRET],
    ['a word in an object', `{"email": ${SECRET}}`],
    ['deep in a long text', `{"a": 1, "${'b'.repeat(40)}": ${SECRET}, "${'c'.repeat(40)}": 2}`],
    ['after a lead of other characters', `${'x'.repeat(30)}${SECRET}`],
    ['over several lines', `["x"\n,\n${SECRET}`],
    ['a token that is a quote', `x"${SECRET}"`],
  ])('%s: the token is named, no piece of the text is shown', (_, text) => {
    const message = said(text);
    expect(message).toMatch(/^Unexpected token '.'$/);
    expect(message).not.toContain(SECRET.slice(4, 10));
    expect(message).not.toContain('is not valid JSON');
  });

  it.each([
    ['{"a":1}x', 'Unexpected non-whitespace character after JSON at position 7 (line 1 column 8)'],
    ['{', "Expected property name or '}' in JSON at position 1 (line 1 column 2)"],
    ['"abc', 'Unterminated string in JSON at position 4 (line 1 column 5)'],
    ['tru', 'Unexpected end of JSON input'],
  ])('a message that quotes nothing is kept as it is: %s', (text, message) => {
    expect(said(text)).toBe(message);
  });

  it('anything thrown that is not an Error is told as text', () => {
    expect(describeJsonSyntaxError('odd')).toBe('odd');
  });
});

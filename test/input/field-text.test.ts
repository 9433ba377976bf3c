import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { readFieldText } from '../../src/input/field-text.js';

// A field's value typed as text (a flag, a CSV cell), read as the field's kind.

describe('readFieldText', () => {
  it.each([
    ['number', '12', false, 12],
    ['boolean', ' TRUE ', false, true],
    ['json', '{"a":[1]}', false, { a: [1] }],
    ['string', '[1]', true, [1]],
    ['string', 'plain', false, 'plain'],
  ] as const)('%s %j (json: %s)', (kind, text, json, value) => {
    expect(readFieldText(kind, text, json)).toEqual(value);
  });

  it.each([
    ['number', 'twelve', 'expected a number, got "twelve"'],
    ['boolean', 'yes', 'expected true or false, got "yes"'],
    ['json', '{bad', 'expected JSON, got {bad'],
    ['json', `${'['.repeat(1001)}${']'.repeat(1001)}`, 'the JSON nests deeper than 1000 levels'],
  ] as const)('%s %j is refused', (kind, text, message) => {
    expect(() => readFieldText(kind, text)).toThrow(new InputError(message));
  });

  it('takes JSON as deep as a --body file may be, 1000 levels', () => {
    const deepest = `${'['.repeat(1000)}${']'.repeat(1000)}`;
    expect(readFieldText('json', deepest)).toEqual(JSON.parse(deepest));
  });
});

import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { parseUserJson } from '../../src/input/user-file.js';

// The one reader of JSON a user gives (--body, --fixtures): each refusal names where the JSON came from.
describe('parseUserJson', () => {
  const refusal = (text: string): string => {
    try {
      parseUserJson(text, 'f.json', 'a JSON object');
    } catch (error) {
      expect(error).toBeInstanceOf(InputError);
      return (error as Error).message;
    }
    throw new Error('expected a refusal');
  };

  it('refuses empty, too deep and broken JSON, naming the origin', () => {
    expect(refusal(' \r\n')).toBe('f.json is empty; expected a JSON object');
    expect(refusal(`${'['.repeat(1001)}${']'.repeat(1001)}`)).toBe('f.json nests deeper than 1000 levels');
    expect(refusal('{"a": ')).toMatch(/^JSON in f\.json is not valid: /);
  });

  it('reads JSON, a UTF-8 byte-order mark before it included', () => {
    expect(parseUserJson('\uFEFF{"a": [1]}', 'f.json', 'JSON')).toEqual({ a: [1] });
    expect(parseUserJson(`${'['.repeat(1000)}${']'.repeat(1000)}`, 'f.json', 'JSON')).toBeInstanceOf(Array);
  });
});

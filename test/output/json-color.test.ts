import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { exactNumber } from '../../src/client/exact-number.js';
import { parseJsonBody } from '../../src/client/response-body.js';
import { paintJson } from '../../src/output/json-color.js';

// Coloured JSON on a terminal (svc's default there): the same text as the piped output once the
// colours are taken off, numbers exactly as sent, each kind of token in its colour.
const blue = (t: string) => `\x1b[34m${t}\x1b[39m`;
const green = (t: string) => `\x1b[32m${t}\x1b[39m`;
const yellow = (t: string) => `\x1b[33m${t}\x1b[39m`;
const magenta = (t: string) => `\x1b[35m${t}\x1b[39m`;

describe('paintJson', () => {
  it('colours keys, strings, numbers and literals, laid out as JSON.stringify(value, null, 2)', () => {
    expect(paintJson({ name: 'Ada', n: 2, ok: true, none: null, no: false, list: [1, 'x'] })).toBe(
      [
        '{',
        `  ${blue('"name"')}: ${green('"Ada"')},`,
        `  ${blue('"n"')}: ${yellow('2')},`,
        `  ${blue('"ok"')}: ${magenta('true')},`,
        `  ${blue('"none"')}: ${magenta('null')},`,
        `  ${blue('"no"')}: ${magenta('false')},`,
        `  ${blue('"list"')}: [`,
        `    ${yellow('1')},`,
        `    ${green('"x"')}`,
        '  ]',
        '}',
      ].join('\n'),
    );
  });

  it.each([
    ['nested maps and lists', { a: { b: [[1, 2], [], {}, { c: 'd' }] }, e: [] }],
    ['an empty map', {}],
    ['an empty list', []],
    ['a list of maps', [{ a: 1 }, { b: [null] }]],
    ['a string needing escapes', { 'k"\n': 'line\nbreak "quoted" \\ \u2028' }],
    ['a lone scalar', 'text'],
    ['a number', -1.5e-7],
  ])('%s: the same text as the piped output once uncoloured', (_name, value) => {
    expect(stripVTControlCharacters(paintJson(value))).toBe(JSON.stringify(value, null, 2));
  });

  it('leaves out undefined fields, as JSON does, and writes a map of only those as {}', () => {
    expect(stripVTControlCharacters(paintJson({ a: undefined, b: 1 }))).toBe('{\n  "b": 1\n}');
    expect(paintJson({ a: undefined })).toBe('{}');
    expect(paintJson(undefined)).toBe('null');
  });

  it('prints numbers exactly as the service sent them, in the number colour', () => {
    const parsed = parseJsonBody('{"id":9007199254740993,"huge":1e400,"price":1.50,"z":-0,"list":[1E-7]}');
    if (!parsed.ok) throw new Error('not parsed');
    const painted = paintJson(parsed.exact);
    expect(stripVTControlCharacters(painted).replace(/\s+/g, '')).toBe('{"id":9007199254740993,"huge":1e400,"price":1.50,"z":-0,"list":[1E-7]}');
    expect(painted).toContain(`${blue('"id"')}: ${yellow('9007199254740993')},`);
    expect(paintJson(exactNumber('1.0'))).toBe(yellow('1.0'));
  });
});

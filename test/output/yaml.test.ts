import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { exactNumber } from '../../src/client/exact-number.js';
import { parseJsonBody } from '../../src/client/response-body.js';
import { formatYaml, yamlNumber } from '../../src/output/yaml.js';
import { pyyamlAvailable, pyyamlReadsAsJson } from '../support/python-yaml.js';

// `--output yaml`: the exact text svc prints, so that a YAML 1.1 reader (PyYAML,
// Ansible, Psych) and a 1.2 reader both get the data the service sent. Every rule of the writer is
// pinned here, in process, not only through the spawned CLI, so a mutant of any one fails a test.

describe('formatYaml lays out data in block style', () => {
  it('nests maps under their key and lists after their dash, two spaces a level', () => {
    const value = { a: { b: [1, { c: 2, d: [true, null] }], e: [], f: {} }, l: [[1, 2], [], {}], s: 'x' };
    expect(formatYaml(value)).toBe(
      [
        'a:',
        '  b:',
        '    - 1',
        '    - c: 2',
        '      d:',
        '        - true',
        '        - null',
        '  e: []',
        '  f: {}',
        'l:',
        '  - - 1',
        '    - 2',
        '  - []',
        '  - {}',
        's: x',
        '',
      ].join('\n'),
    );
    expect(parse(formatYaml(value))).toEqual(value);
  });

  it.each([
    ['null', null, 'null\n'],
    ['undefined, as JSON has no such value', undefined, 'null\n'],
    ['true', true, 'true\n'],
    ['false', false, 'false\n'],
    ['a number', 1.5, '1.5\n'],
    ['an empty map', {}, '{}\n'],
    ['an empty list', [], '[]\n'],
    ['a word', 'word', 'word\n'],
    ['a list of one map', [{ a: 1 }], '- a: 1\n'],
    ['a list of lists', [[[1]]], '- - - 1\n'],
  ])('a whole answer that is %s', (_name, value, text) => {
    expect(formatYaml(value)).toBe(text);
  });
});

describe('a string is plain only when no YAML reader takes it for something else', () => {
  it.each(['word', 'Z', '_private', 'dr_123', 'ada@example.com', 'a/b.c-d', 'two words', 'v1 2 3', 'x.', 'ab_'])('%s stays plain', (text) => {
    expect(formatYaml({ k: text })).toBe(`k: ${text}\n`);
  });

  const special = 'y Y yes Yes YES n N no No NO true True TRUE false False FALSE on On ON off Off OFF null Null NULL'.split(' ');
  it.each(special)('%s (a YAML 1.1 boolean or null) is quoted', (word) => {
    expect(formatYaml({ k: word })).toBe(`k: "${word}"\n`);
    expect(formatYaml({ [word]: 1 })).toBe(`"${word}": 1\n`);
  });

  it.each([
    ['a number', '12'],
    ['a YAML 1.1 binary number', '0b11'],
    ['a YAML 1.1 number with underscores', '1_000'],
    ['a date', '2026-01-01'],
    ['a sexagesimal time', '12:30:45'],
    ['the null tilde', '~'],
    ['the empty string', ''],
    ['a leading space', ' a'],
    ['a trailing space', 'a '],
    ['two spaces', 'a  b'],
    ['a leading dash', '-a'],
    ['a leading dot', '.a'],
    ['a colon', 'a:b'],
    ['a comment sign', 'a #b'],
    ['a word starting with a digit', '1st'],
    ['a non-ASCII letter', 'café'],
    ['a question mark', 'why?'],
    ['a comma', 'a,b'],
  ])('%s is quoted: %j', (_name, text) => {
    expect(formatYaml({ k: text })).toBe(`k: "${text}"\n`);
    expect(parse(formatYaml({ k: text }))).toEqual({ k: text });
  });
});

describe('a quoted string escapes what a reader would change or refuse', () => {
  it.each([
    ['\0', '\\0'],
    ['\x07', '\\a'],
    ['\b', '\\b'],
    ['\t', '\\t'],
    ['\n', '\\n'],
    ['\v', '\\v'],
    ['\f', '\\f'],
    ['\r', '\\r'],
    ['\x1b', '\\e'],
    ['"', '\\"'],
    ['\\', '\\\\'],
    ['\x01', '\\x01'],
    ['\x1f', '\\x1F'],
    ['\x7f', '\\x7F'],
    ['\x80', '\\x80'],
    ['\x85', '\\x85'],
    ['\x9f', '\\x9F'],
    ['\u2028', '\\u2028'],
    ['\u2029', '\\u2029'],
    ['\ufeff', '\\uFEFF'],
    ['\ufffe', '\\uFFFE'],
    ['\uffff', '\\uFFFF'],
    ['\ud800', '\\uD800'],
    ['\udbff', '\\uDBFF'],
    ['\udc00', '\\uDC00'],
    ['\udfff', '\\uDFFF'],
  ])('%j is written as %s', (char, escape) => {
    expect(formatYaml({ k: `a${char}b` })).toBe(`k: "a${escape}b"\n`);
  });

  it.each([
    ['a space', ' '],
    ['a tilde', '~'],
    ['a no-break space', '\u00a0'],
    ['an accented letter', 'é'],
    ['CJK', '漢'],
    ['an emoji (a surrogate pair)', '😀'],
    ['the last character before the separators', '\u2027'],
    ['U+FFFD', '\ufffd'],
  ])('%s is kept as it is', (_name, char) => {
    expect(formatYaml({ k: `:${char}` })).toBe(`k: ":${char}"\n`);
  });

  it('a pair split by another character escapes both halves', () => {
    expect(formatYaml({ k: '\udc00\ud800' })).toBe('k: "\\uDC00\\uD800"\n');
    expect(formatYaml({ k: '\ud83d' })).toBe('k: "\\uD83D"\n');
  });

  it('the YAML reader gets every character back', () => {
    const text = `\0\x07\b\t\n\v\f\r\x1b"\\\x01\x7f\x85\u2028\u2029\ufeff ~é😀`;
    expect(parse(formatYaml({ k: text }))).toEqual({ k: text });
  });
});

describe('numbers read back as numbers in YAML 1.1 and 1.2', () => {
  it.each([
    ['12', '12'],
    ['-0', '-0'],
    ['1.5', '1.5'],
    ['1e400', '1.0e+400'],
    ['1E2', '1.0e+2'],
    ['-1e5', '-1.0e+5'],
    ['1e+5', '1.0e+5'],
    ['1e-7', '1.0e-7'],
    ['-2.5E-3', '-2.5e-3'],
    ['12.75e10', '12.75e+10'],
  ])('%s is written %s', (json, yaml) => {
    expect(yamlNumber(json)).toBe(yaml);
  });

  it('a number the service sent exactly keeps its text, a double prints as JSON would', () => {
    expect(formatYaml({ id: exactNumber('9007199254740993'), huge: exactNumber('1e400'), price: exactNumber('1.50'), small: 1e-7 })).toBe(
      'id: 9007199254740993\nhuge: 1.0e+400\nprice: 1.50\nsmall: 1.0e-7\n',
    );
    expect(formatYaml([exactNumber('-0')])).toBe('- -0\n');
    expect(formatYaml(exactNumber('1E2'))).toBe('1.0e+2\n');
  });

  it('a __proto__ key the service sent is written as a key', () => {
    const parsed = parseJsonBody('{"__proto__":{"x":1e400}}');
    if (!parsed.ok) throw new Error('not parsed');
    expect(formatYaml(parsed.exact)).toBe('__proto__:\n  x: 1.0e+400\n');
  });
});

describe.skipIf(!pyyamlAvailable)(`PyYAML, a YAML 1.1 reader${pyyamlAvailable ? '' : ' (skipped: python3 with PyYAML is not installed)'}`, () => {
  it('reads every tricky string and number back as the JSON the service sent', () => {
    const json =
      '{"words":["yes","No","on","OFF","y","~","null","0b11","1_000","2026-01-01","12:30:45","1st","a: b"],"controls":"\\u0000\\u0007\\b\\t\\n\\u000b\\f\\r\\u001b\\"\\\\\\u007f\\u0085\\u2028\\u2029","n":[9007199254740993,1e400,-1e5,1E-7,1.50],"nested":{"yes":[[]],"plain words":{}}}';
    const parsed = parseJsonBody(json);
    if (!parsed.ok) throw new Error('not parsed');
    expect(pyyamlReadsAsJson(formatYaml(parsed.exact), json).detail).toBe('same');
  });
});

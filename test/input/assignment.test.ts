import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { applyAssignments, formatFieldAssignments, parseFieldAssignment, unwritableKey } from '../../src/input/assignment.js';

// The key=value grammar of --data and --query-param (README "Input"), by example: what a user types,
// what it means, and the one line a mistake gets.

describe('parseFieldAssignment', () => {
  it.each([
    ['name=Acme', { key: 'name', value: 'Acme', append: false }],
    ['name=', { key: 'name', value: '', append: false }],
    ['q=a=b', { key: 'q', value: 'a=b', append: false }],
    ['count:=2', { key: 'count', value: 2, append: false }],
    ['data:={"a":[1,null]}', { key: 'data', value: { a: [1, null] }, append: false }],
    ['tags[]=red', { key: 'tags', value: 'red', append: true }],
    ['ids[]:=7', { key: 'ids', value: 7, append: true }],
    ['a:b=1', { key: 'a:b', value: '1', append: false }],
    ['a[]b=1', { key: 'a[]b', value: '1', append: false }],
    ['say:="hi"', { key: 'say', value: 'hi', append: false }],
  ])('%s', (text, expected) => {
    expect(parseFieldAssignment(text)).toEqual(expected);
  });

  it('takes JSON as deep as a --body file may be, 1000 levels, whatever its length', () => {
    const deepest = `${'['.repeat(1000)}${']'.repeat(1000)}`;
    expect(parseFieldAssignment(`deep:=${deepest}`)).toEqual({ key: 'deep', value: JSON.parse(deepest), append: false });
    expect(parseFieldAssignment(`s:="${'['.repeat(5000)}"`).value).toBe('['.repeat(5000)); // brackets in a string do not nest
  });

  it.each([
    ['novalue', 'expected key=value, key:=json or key[]=value, got "novalue"'],
    ['=x', 'expected key=value, key:=json or key[]=value, got "=x"'],
    ['', 'expected key=value, key:=json or key[]=value, got ""'],
    [':=1', 'the key is empty in ":=1"'],
    ['[]=x', 'the key is empty in "[]=x"'],
    ['[]:=1', 'the key is empty in "[]:=1"'],
    ['n:=', 'the value of n:= is not valid JSON: (empty)'],
    ['n:={bad', 'the value of n:= is not valid JSON: {bad'],
    ['tags[]:=red', 'the value of tags:= is not valid JSON: red'],
    [`deep:=${'['.repeat(1001)}${']'.repeat(1001)}`, 'the value of deep:= nests deeper than 1000 levels'],
    [`deep:=${'{"a":'.repeat(1001)}1${'}'.repeat(1001)}`, 'the value of deep:= nests deeper than 1000 levels'],
  ])('%j is refused: %s', (text, message) => {
    const error = (() => {
      try {
        parseFieldAssignment(text);
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(InputError);
    expect((error as Error).message).toBe(message);
  });
});

describe('applyAssignments keeps every value', () => {
  const a = (key: string, value: unknown, append = false) => ({ key, value, append });

  it.each([
    ['one value', [a('n', 1)], { n: 1 }],
    ['a key given twice', [a('who', 'ann'), a('who', 'bob')], { who: ['ann', 'bob'] }],
    ['three times', [a('who', 'ann'), a('who', 'bob'), a('who', 'cy')], { who: ['ann', 'bob', 'cy'] }],
    ['one append', [a('tags', 'x', true)], { tags: ['x'] }],
    ['a value, then an append', [a('tags', 'x'), a('tags', 'y', true)], { tags: ['x', 'y'] }],
    ['an append, then a value', [a('tags', 'x', true), a('tags', 'y')], { tags: ['x', 'y'] }],
    ['an array value, then an append', [a('tags', ['x']), a('tags', 'y', true)], { tags: [['x'], 'y'] }],
    ['two keys', [a('a', 1), a('b', 2), a('a', 3)], { a: [1, 3], b: 2 }],
  ])('%s', (_name, assignments, expected) => {
    expect({ ...applyAssignments(assignments) }).toEqual(expected);
  });

  it('"__proto__" and "constructor" are fields like any other', () => {
    const result = applyAssignments([a('__proto__', 'x'), a('constructor', 'y')]);
    expect(Object.getPrototypeOf(result)).toBeNull();
    expect(Object.entries(result)).toEqual([
      ['__proto__', 'x'],
      ['constructor', 'y'],
    ]);
  });
});

describe('formatFieldAssignments and unwritableKey', () => {
  it('writes a string as key=value and anything else as key:=json', () => {
    expect(formatFieldAssignments({ name: 'Acme', count: 2, on: true, none: null, list: [1, 'a'], text: '2' })).toEqual([
      'name=Acme',
      'count:=2',
      'on:=true',
      'none:=null',
      'list:=[1,"a"]',
      'text=2',
    ]);
  });

  it('a key ending in ":" takes the JSON form, so it reads back as itself', () => {
    expect(formatFieldAssignments({ 'a:': 'x' })).toEqual(['a::="x"']);
    expect(parseFieldAssignment('a::="x"')).toEqual({ key: 'a:', value: 'x', append: false });
  });

  it.each([
    ['', 'the key is empty'],
    ['a=b', 'the key "a=b" holds "="'],
    ['list[]', 'the key "list[]" ends in "[]"'],
  ])('%j cannot be written: %s; --body can', (key, problem) => {
    expect(unwritableKey(key)).toBe(problem);
    expect(() => formatFieldAssignments({ ok: 1, [key]: 1 })).toThrow(new InputError(`${problem}; give it in --body instead`));
  });

  it.each(['a', 'a[', 'a]', '[]a', 'a:'])('%j can be written', (key) => {
    expect(unwritableKey(key)).toBeUndefined();
  });
});

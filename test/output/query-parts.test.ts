import { describe, expect, it } from 'vitest';
import { exactNumber } from '../../src/client/exact-number.js';
import { bindsRatherThanCompares, comparedLiteral, comparedPart, isTruthy, suggestComparison } from '../../src/output/query-parts.js';

// What a wait reads of its JMESPath condition: the part it watches, truth as JMESPath reads it,
// and the comparison meant by `name=value`.

describe('comparedLiteral', () => {
  it.each([
    ["revision == '4'", { value: '4' }],
    ['`4` <= revision', { value: 4 }],
    ['a.b != `"x"`', { value: 'x' }],
    ['a == b', undefined],
    ["'a' == 'b'", undefined],
    ["length(x) > `0` && y == 'z'", undefined],
  ])('%s', (expression, literal) => {
    expect(comparedLiteral(expression)).toEqual(literal);
  });
});

describe('comparedPart', () => {
  it.each([
    ["syncStatus == 'synced'", 'syncStatus'],
    ["'synced' == syncStatus", 'syncStatus'],
    ['length(items[?done]) >= `2`', 'length(items[?done])'],
    ['a.b[0] != c', 'a.b[0]'],
    ["status.phase=='Running'", 'status.phase'],
    ['{a: x == `1`}.a == `true`', '{a: x == `1`}.a'],
    ['(a == b) == `false`', '(a == b)'],
  ])('watches %j as %j', (expression, part) => {
    expect(comparedPart(expression)).toBe(part);
  });

  it.each(['syncStatus', "a == 'x' && b == 'y'", "items[?s == 'x']", "a | b == 'x'", "!(a == 'x')"])('watches no part of %j', (expression) => {
    expect(comparedPart(expression)).toBeUndefined();
  });
});

describe('isTruthy', () => {
  it('is false for false, null, an empty string, list and object; true for the rest, 0 included', () => {
    expect([false, null, undefined, '', [], {}].map(isTruthy)).toEqual([false, false, false, false, false, false]);
    expect([true, 0, -1, 'false', ' ', [0], { a: null }, exactNumber('9007199254740993')].map(isTruthy)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
  });
});

describe('name=value', () => {
  it('is read by this JMESPath as a binding, not a comparison', () => {
    expect(bindsRatherThanCompares('syncStatus=synced')).toBe(true);
    expect(bindsRatherThanCompares("syncStatus=='synced'")).toBe(false);
    expect(bindsRatherThanCompares('let $x = a in $x')).toBe(false);
  });

  it.each([
    ['syncStatus=synced', "syncStatus == 'synced'"],
    ['status.phase = Running', "status.phase == 'Running'"],
    ['count=3', 'count == `3`'],
    ['done=true', 'done == `true`'],
    ["s='a b'", "s == 'a b'"],
    ['s="a"', "s == 'a'"],
  ])('suggests the comparison for %j', (expression, meant) => {
    expect(suggestComparison(expression)).toBe(meant);
  });

  it.each(['a == b', 'a', 'a[0]=b', "a='x"])('suggests nothing for %j', (expression) => {
    expect(suggestComparison(expression)).toBeUndefined();
  });
});

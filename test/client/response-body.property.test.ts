import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJsonBody } from '../../src/client/response-body.js';

// parseJsonBody skips its scan of an answer when no number in it can change as a double.
// Whatever it skips, the exact reading must be the one that keeps every number's own text.

/** Number tokens as JSON allows them, canonical or not: `-0`, `1.50`, `1E2`, `0.1e-0`, 17 digits. */
const digits = (min: number, max: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });
const integer = fc.oneof(
  fc.constant('0'),
  fc.tuple(fc.constantFrom(...'123456789'), digits(0, 20)).map(([head, tail]) => head + tail),
);
const numberText = fc
  .tuple(
    fc.constantFrom('', '-'),
    integer,
    fc.option(digits(1, 4), { nil: undefined }),
    fc.option(fc.tuple(fc.constantFrom('e', 'E'), fc.constantFrom('', '+', '-'), digits(1, 3)), { nil: undefined }),
  )
  .map(
    ([sign, whole, fraction, exponent]) => `${sign}${whole}${fraction === undefined ? '' : `.${fraction}`}${exponent === undefined ? '' : exponent.join('')}`,
  );

/** Strings that look like numbers, or hold the characters that make the quick test look. */
const stringText = fc
  .oneof(fc.string({ maxLength: 8 }), numberText, fc.constantFrom('v1.2', '-0', '1e5', 'say "1.50"', '\\', '1234567890123456'))
  .map((s) => JSON.stringify(s));

const valueText: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    numberText,
    stringText,
    fc.constantFrom('true', 'false', 'null'),
    fc.array(tie('value'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
    // Keys unique, so the text itself is what the exact reading writes back, keys in its order.
    fc
      .uniqueArray(fc.tuple(stringText, tie('value')), { selector: ([key]) => JSON.parse(key) as string, maxLength: 4 })
      .map((entries) => `{${entries.map(([key, value]) => `${key}:${value}`).join(',')}}`),
  ),
})).value;

describe('parseJsonBody: the quick path keeps every number as sent', () => {
  it('writes back every number and every key exactly as the service sent them, whatever the answer holds', () => {
    fc.assert(
      fc.property(valueText, fc.constantFrom('', ' ', '\n'), (text, space) => {
        const body = `${space}${text}${space}`;
        const parsed = parseJsonBody(body);
        if (!parsed.ok) throw new Error(`not parsed: ${body}`);
        expect(JSON.stringify(parsed.exact)).toBe(text);
        expect(parsed.value).toEqual(JSON.parse(body));
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    ['a fraction', '1.50'],
    ['an exponent', '1E2'],
    ['a lower-case exponent', '5e0'],
    ['16 digits', '9007199254740993'],
    ['minus zero', '-0'],
  ])('%s alone in a short answer is kept as sent', (_name, number) => {
    const parsed = parseJsonBody(`[${number}]`);
    expect(parsed.ok && JSON.stringify(parsed.exact)).toBe(`[${number}]`);
  });

  it('a key sent twice keeps its first place and its last value, as JSON.parse does', () => {
    const parsed = parseJsonBody('{"a":1,"2":2,"a":3,"1":{"__proto__":4,"0":5}}');
    expect(parsed.ok && JSON.stringify(parsed.exact)).toBe('{"a":3,"2":2,"1":{"__proto__":4,"0":5}}');
    expect(parsed.ok && parsed.value).toEqual(JSON.parse('{"a":3,"2":2,"1":{"__proto__":4,"0":5}}'));
  });

  it('an answer with no number to keep is read once: the exact reading is the plain one', () => {
    const parsed = parseJsonBody('{"id":"tpl_1","tags":["a","b"],"count":12,"ok":true}');
    expect(parsed.ok && parsed.exact === parsed.value).toBe(true);
  });

  it('an answer longer than the nesting cap is still scanned for its depth', () => {
    const parsed = parseJsonBody(`${'['.repeat(1001)}${']'.repeat(1001)}`);
    expect(parsed).toEqual({ ok: false, problem: 'too-deep' });
  });
});

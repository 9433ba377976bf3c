import { describe, expect, it } from 'vitest';
import { NUMERIC_OPTIONS, type NumericSpec, parseNumericOption, readNumber } from '../../src/config/numeric-options.js';

// One grammar and one range per numeric option or setting: the bounds are in, one step past
// either bound is out, and no spelling JavaScript's Number() would accept sneaks through.
const specs = Object.entries(NUMERIC_OPTIONS) as [string, NumericSpec][];
const step = (spec: NumericSpec) => (spec.decimals ? 10 ** -spec.decimals : 1);
const junk = ['', ' ', '1e3', '0x10', '0b1', '+5', '-0', ' 5', '5 ', 'Infinity', 'NaN', '1_000', '١٢', '5.', '.5', '1,5'];

describe.each(specs)('%s', (_key, spec) => {
  it(`takes ${spec.min} and ${spec.max}`, () => {
    expect(readNumber(String(spec.min), spec)).toEqual({ ok: true, value: spec.min });
    expect(readNumber(String(spec.max), spec)).toEqual({ ok: true, value: spec.max });
    expect(readNumber(spec.max, spec)).toEqual({ ok: true, value: spec.max }); // a number from the settings file
  });

  it('refuses one step past either end, naming the range', () => {
    for (const value of [spec.max + step(spec), spec.min - step(spec)]) {
      const text = value.toFixed(spec.decimals ?? 0);
      const reading = readNumber(text, spec);
      expect(reading.ok).toBe(false);
      if (!reading.ok) expect(reading.problem).toContain(`from ${spec.min} to ${spec.max}`);
    }
  });

  it.each(junk)('refuses %j', (text) => {
    expect(readNumber(text, spec).ok).toBe(false);
  });

  it('refuses a value of the wrong type from a settings file, as a usage error', () => {
    for (const value of [true, null, [], {}]) expect(() => parseNumericOption(value, spec, 'setting')).toThrow(/^setting: expected /);
  });
});

describe('the timeout', () => {
  it('is never rounded to "no timeout", nor past what a timer can hold', () => {
    expect(readNumber('0.0001', NUMERIC_OPTIONS.timeout).ok).toBe(false);
    expect(readNumber('0.001', NUMERIC_OPTIONS.timeout).ok).toBe(false);
    expect(readNumber('0.01', NUMERIC_OPTIONS.timeout)).toEqual({ ok: true, value: 0.01 });
    expect(NUMERIC_OPTIONS.timeout.max * 1000).toBeLessThan(2 ** 31 - 1); // setTimeout's limit
  });
});

describe('the input guide', () => {
  it('documents the range of every numeric option, as the parser checks it', async () => {
    const { readFileSync } = await import('node:fs');
    const readme = readFileSync(new URL('../../docs/guide/input.md', import.meta.url), 'utf8');
    for (const spec of Object.values(NUMERIC_OPTIONS) as NumericSpec[]) {
      const row = readme.split('\n').find((line) => line.startsWith('| ') && line.includes(`${spec.name}\``));
      expect(row, spec.name).toBeDefined();
      expect(row).toContain(`${spec.min} to ${spec.max}`);
    }
  });
});

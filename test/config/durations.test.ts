import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DURATION_OPTIONS, type DurationSpec, durationWords, parseDurationOption, readDuration } from '../../src/config/durations.js';

// Durations as --wait-timeout and --wait-interval read them: seconds as --timeout reads them, or with a unit.

const timeout = DURATION_OPTIONS.waitTimeout;

describe('readDuration', () => {
  it.each([
    ['90', 90_000],
    ['0.2', 200],
    ['0.01', 10],
    ['1.5s', 1500],
    ['500ms', 500],
    ['90s', 90_000],
    ['5m', 300_000],
    ['1.5m', 90_000],
    ['1h', 3_600_000],
    ['24h', 86_400_000],
    ['007', 7000],
  ])('reads %j as %i ms', (text, ms) => {
    expect(readDuration(text, timeout)).toEqual({ ok: true, ms });
  });

  it('takes a number of seconds, as the library passes them', () => {
    expect(readDuration(0.25, timeout)).toEqual({ ok: true, ms: 250 });
    expect(readDuration(30, timeout)).toEqual({ ok: true, ms: 30_000 });
  });

  it.each(['', ' 5', '5 ', '-1', '+5', '1e3', '0x10', 'Infinity', 'NaN', '5.', '.5', '5 s', '5sec', '5S', '1.5ms', '0.0001', '5d', '1,5', '١٢', '0.0009s'])(
    'refuses %j, naming the forms it takes',
    (text) => {
      const reading = readDuration(text, timeout);
      expect(reading).toEqual({
        ok: false,
        problem: expect.stringContaining('from 0.01 to 86400 seconds: seconds (2, 0.5) or with a unit (500ms, 90s, 5m, 1h), got'),
      });
    },
  );

  it('refuses one step past either end of the range, in any unit', () => {
    expect(readDuration('9ms', timeout).ok).toBe(false);
    expect(readDuration('10ms', timeout).ok).toBe(true);
    expect(readDuration('86401', timeout).ok).toBe(false);
    expect(readDuration('1441m', timeout).ok).toBe(false);
    expect(readDuration('99ms', DURATION_OPTIONS.waitInterval).ok).toBe(false);
    expect(readDuration('61m', DURATION_OPTIONS.waitInterval).ok).toBe(false);
  });

  it('refuses a value of the wrong type as a usage error naming the option', () => {
    for (const value of [true, null, [], {}]) expect(() => parseDurationOption(value, timeout)).toThrow(/^--wait-timeout: expected a duration/);
    expect(parseDurationOption('2m', timeout)).toBe(120_000);
  });
});

describe('durationWords', () => {
  it.each([
    [0, '0 s'],
    // Under a tenth of a second, in milliseconds: --wait-timeout 0.01 timed out "after 0 s", 0.05 "after 0.1 s".
    [10, '10 ms'],
    [50, '50 ms'],
    [99, '99 ms'],
    [100, '0.1 s'],
    [420, '0.4 s'],
    [9_960, '10 s'],
    [12_400, '12 s'],
    [60_000, '1 min'],
    [125_000, '2 min 5 s'],
    [3_600_000, '1 h'],
    [3_900_000, '1 h 5 min'],
    // A Retry-After of 10^23 seconds is not worth its digits.
    [24 * 3_600_000 * 1000, '1000 days or more'],
    [1e26, '1000 days or more'],
  ])('%i ms is %j', (ms, words) => {
    expect(durationWords(ms)).toBe(words);
  });
});

describe('the input guide', () => {
  it('documents the range of every duration option, as the parser checks it', () => {
    const guide = readFileSync(new URL('../../docs/guide/input.md', import.meta.url), 'utf8');
    for (const spec of Object.values(DURATION_OPTIONS) as DurationSpec[]) {
      const row = guide.split('\n').find((line) => line.startsWith('| ') && line.includes(`${spec.name}\``));
      expect(row, spec.name).toBeDefined();
      expect(row).toContain(`${spec.min} to ${spec.max} seconds`);
    }
  });
});

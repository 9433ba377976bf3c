import { InputError } from '../errors.js';

/**
 * A length of time a user gives (`--wait-timeout`, `--wait-interval`, `svc mock --sync-after`):
 * seconds as `--timeout` reads them (`90`, `0.2`, at most 3 decimals), or with a unit (`500ms`,
 * `90s`, `5m`, `1h`). One grammar and one range check, as for the numeric options
 * (src/config/numeric-options.ts): no `1e3`, ` 5`, `-1` or `Infinity`, and nothing that rounds to
 * zero or past what a timer can hold.
 */
export interface DurationSpec {
  /** How the user names it: `--wait-timeout`, `the wait's timeout`. */
  name: string;
  /** The shortest and longest accepted, in seconds. */
  min: number;
  max: number;
}

export const DURATION_OPTIONS = {
  // A day at most, as --timeout: setTimeout stops at 24.8 days.
  waitTimeout: { name: '--wait-timeout', min: 0.01, max: 86_400 },
  // Polls are never closer than a tenth of a second, whatever is asked.
  waitInterval: { name: '--wait-interval', min: 0.1, max: 3_600 },
} as const satisfies Record<string, DurationSpec>;

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
const DAY_MS = 86_400_000;

const GRAMMAR = /^(\d{1,12})(\.\d{1,3})?(ms|s|m|h)?$/;

export type DurationReading = { ok: true; ms: number } | { ok: false; problem: string };

/** What the spec accepts, in words: "a duration from 0.1 to 3600 seconds (2, 0.5, 500ms, 90s, 5m)". */
export const describeDuration = (spec: DurationSpec): string =>
  `a duration from ${spec.min} to ${spec.max} seconds: seconds (2, 0.5) or with a unit (500ms, 90s, 5m, 1h)`;

/** Reads a duration as typed, or a number of seconds (the library's options), in whole milliseconds. */
export function readDuration(given: string | number, spec: DurationSpec): DurationReading {
  const text = typeof given === 'number' ? String(given) : given;
  const match = GRAMMAR.exec(text);
  const refused = { ok: false as const, problem: `expected ${describeDuration(spec)}, got ${JSON.stringify(text)}` };
  // A fraction of a millisecond means nothing here.
  if (!match || (match[3] === 'ms' && match[2] !== undefined)) return refused;
  const ms = Math.round(Number(`${match[1]}${match[2] ?? ''}`) * UNIT_MS[match[3] ?? 's']!);
  if (ms < spec.min * 1000 || ms > spec.max * 1000) return refused;
  return { ok: true, ms };
}

/** Reads a duration option; what is out of its grammar or range is refused input (exit 2, nothing sent). */
export function parseDurationOption(given: unknown, spec: DurationSpec, name: string = spec.name): number {
  const reading =
    typeof given === 'string' || typeof given === 'number'
      ? readDuration(given, spec)
      : { ok: false as const, problem: `expected ${describeDuration(spec)}, got ${JSON.stringify(given)}` };
  if (!reading.ok) throw new InputError({ field: name, message: reading.problem });
  return reading.ms;
}

/** A duration in words for people: `50 ms`, `0.4 s`, `12 s`, `5 min`, `2 min 5 s`, `1 h 5 min`; from a thousand days, `1000 days or more`. */
export function durationWords(ms: number): string {
  if (ms > 0 && ms < 100) return `${Math.round(ms)} ms`;
  if (ms >= 1000 * DAY_MS) return '1000 days or more';
  const seconds = ms / 1000;
  if (seconds < 10) return `${Number(seconds.toFixed(1))} s`;
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const whole = Math.round(seconds);
  const minutes = Math.floor(whole / 60);
  if (minutes < 60) return whole % 60 === 0 ? `${minutes} min` : `${minutes} min ${whole % 60} s`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
}

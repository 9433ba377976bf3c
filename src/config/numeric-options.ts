import { InputError } from '../errors.js';

/**
 * Every numeric option and setting of svc, with its documented range (README, "Numbers"): one
 * grammar and one check, so `--timeout 99999999` cannot overflow a timer and `--timeout 0.0001`
 * cannot round to "no timeout", and no option takes `1e3`, `0x10`, ` 5` or `Infinity`.
 */
export interface NumericSpec {
  /** How the user names it: `--timeout`, `SVC_RETRY_BASE_MS`, `timeout of profile "x"`. */
  name: string;
  /** What it counts, in the error line: "seconds", "milliseconds"; a whole number when absent. */
  unit?: string;
  min: number;
  max: number;
  /** Decimals allowed (seconds to the millisecond); whole numbers otherwise. */
  decimals?: number;
}

export const NUMERIC_OPTIONS = {
  // Below 10 ms no answer can arrive; above a day is no deadline. setTimeout itself stops at 24.8 days.
  timeout: { name: '--timeout', unit: 'seconds', min: 0.01, max: 86_400, decimals: 3 },
  retries: { name: '--retries', min: 0, max: 10 },
  concurrency: { name: '--concurrency', min: 1, max: 64 },
  retryBaseMs: { name: 'SVC_RETRY_BASE_MS', unit: 'milliseconds', min: 0, max: 60_000 },
  port: { name: '--port', min: 0, max: 65_535 },
  latency: { name: '--latency', unit: 'milliseconds', min: 0, max: 600_000 },
  maxPages: { name: '--max-pages', min: 1, max: 1_000_000 },
  maxItems: { name: '--max-items', min: 1, max: 100_000_000 },
  pageSize: { name: '--page-size', min: 1, max: 10_000 },
} as const satisfies Record<string, NumericSpec>;

export type NumberReading = { ok: true; value: number } | { ok: false; problem: string };

/** What the range says in words: "a whole number from 0 to 10", "a number of seconds from 0.01 to 86400". */
export function describeRange(spec: NumericSpec): string {
  const what = spec.unit ? `a ${spec.decimals ? '' : 'whole '}number of ${spec.unit}` : `a ${spec.decimals ? '' : 'whole '}number`;
  return `${what} from ${spec.min} to ${spec.max}`;
}

/** Reads a number as typed (or stored in the settings) against its spec. */
export function readNumber(given: string | number, spec: NumericSpec): NumberReading {
  const text = typeof given === 'number' ? String(given) : given;
  const places = spec.decimals ?? 0;
  const grammar = places > 0 ? new RegExp(`^\\d{1,12}(\\.\\d{1,${places}})?$`) : /^\d{1,12}$/;
  const value = Number(text);
  if (!grammar.test(text) || value < spec.min || value > spec.max) {
    const precision = places > 0 && /^\d+\.\d+$/.test(text) ? ` (at most ${places} decimals)` : '';
    return { ok: false, problem: `expected ${describeRange(spec)}${precision}, got "${text}"` };
  }
  return { ok: true, value };
}

/** Reads a numeric option or setting; a value out of its range is refused input (exit 2, nothing sent). */
export function parseNumericOption(given: unknown, spec: NumericSpec, name: string = spec.name): number {
  const reading =
    typeof given === 'string' || typeof given === 'number'
      ? readNumber(given, spec)
      : { ok: false as const, problem: `expected ${describeRange(spec)}, got ${JSON.stringify(given)}` };
  if (!reading.ok) throw new InputError({ field: name, message: reading.problem });
  return reading.value;
}

import { InputError } from '../errors.js';

/** A ceiling on requests started, as the user wrote it (`50/s`, `600/m`) and per second. */
export interface Rate {
  perSecond: number;
  /** Normalized: `50/s`, `600/m`. */
  text: string;
}

/** The largest count accepted per unit: more than a service would admit, and still a timer svc can keep. */
export const MAX_RATE = 100_000;

/**
 * `--rate <n>` and the profile setting `rate`: a whole number of requests per second (`50`,
 * `50/s`) or per minute (`600/m`), from 1 to MAX_RATE. Refused input names where it came from.
 */
export function parseRate(given: unknown, origin: string): Rate {
  const text = typeof given === 'number' ? String(given) : given;
  const match = typeof text === 'string' ? /^([1-9]\d{0,5})(?:\/(s|m))?$/.exec(text) : null;
  const count = Number(match?.[1]);
  if (!match || count > MAX_RATE) {
    throw new InputError({
      field: origin,
      message: `expected requests per second or per minute, as n, n/s or n/m with n a whole number from 1 to ${MAX_RATE} (50, 50/s, 600/m), got ${JSON.stringify(given)}`,
    });
  }
  const unit = match[2] ?? 's';
  return { perSecond: unit === 's' ? count : count / 60, text: `${count}/${unit}` };
}

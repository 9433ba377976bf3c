import { type ExactNumber, exactNumber, isExactNumber } from '../client/exact-number.js';
import { orderedRecord } from '../client/key-order.js';

// JMESPath computes with doubles, so a search runs on the answer's numbers as doubles; a number it
// passes through unchanged then gets the service's exact text back. A number the
// search computes stays a double, unless it happens to equal one of the exact numbers' doubles.

/** Double (by a key that tells -0 from 0) -> the one text it came from; null when texts disagree. */
export type ExactTexts = Map<string, string | null>;

const keyOf = (n: number): string => (Object.is(n, -0) ? '-0' : String(n));

/** The value with exact numbers as doubles, and which texts they had; the same value when it holds none. */
export function withDoubles(value: unknown): { value: unknown; texts: ExactTexts } {
  const texts: ExactTexts = new Map();
  const convert = (item: unknown): unknown => {
    if (isExactNumber(item)) {
      const double = Number(item.rawJSON);
      const key = keyOf(double);
      texts.set(key, texts.has(key) && texts.get(key) !== item.rawJSON ? null : item.rawJSON);
      return double;
    }
    return mapChildren(item, convert);
  };
  return { value: convert(value), texts };
}

/** The search's result with each double that came from an exact number written as that number's text. */
export function withExactTexts(value: unknown, texts: ExactTexts): unknown {
  if (texts.size === 0) return value;
  const restore = (item: unknown): unknown => {
    if (typeof item === 'number') {
      const text = texts.get(keyOf(item));
      return text ? (exactNumber(text) as ExactNumber) : item;
    }
    return mapChildren(item, restore);
  };
  return restore(value);
}

/** A copy with each child mapped, or the value itself when nothing changed; keys stay in their order, `__proto__` an own key. */
function mapChildren(item: unknown, map: (child: unknown) => unknown): unknown {
  if (item === null || typeof item !== 'object' || isExactNumber(item)) return item;
  if (Array.isArray(item)) {
    const mapped = item.map(map);
    return mapped.some((child, i) => child !== item[i]) ? mapped : item;
  }
  let changed = false;
  const entries = Object.entries(item).map(([key, child]) => {
    const mapped = map(child);
    changed ||= mapped !== child;
    return [key, mapped] as const;
  });
  return changed ? orderedRecord(entries) : item;
}

import { MAX_JSON_DEPTH, tooDeep } from './response-body.js';

/**
 * What JSON.stringify would silently change or cannot write in a request body: a BigInt (it
 * throws), NaN and Infinity (sent as null), a function, a symbol or undefined in a list (null), a
 * cycle (it throws). The library refuses these with nothing sent rather than send something else.
 * Undefined object fields are left out, as JSON does by design.
 */
export function jsonBodyProblem(value: unknown): string | undefined {
  const ancestors = new Set<object>();
  const check = (item: unknown, where: string, depth: number): string | undefined => {
    if (typeof item === 'bigint') return `${where} is a BigInt, which JSON cannot hold; give a number or a string`;
    if (typeof item === 'number' && !Number.isFinite(item)) return `${where} is ${item}, which JSON cannot hold`;
    if (typeof item === 'function' || typeof item === 'symbol') return `${where} is a ${typeof item}, which JSON cannot hold`;
    if (item === null || typeof item !== 'object') return undefined;
    // `depth` counts from 0: this is bracket level depth + 1, as the reader of an answer counts (parseJsonBody).
    if (depth >= MAX_JSON_DEPTH) return tooDeep(where);
    if (ancestors.has(item)) return `${where} refers back to itself (a cycle), which JSON cannot hold`;
    if (typeof (item as { toJSON?: unknown }).toJSON === 'function') return undefined; // Date and the like write themselves
    ancestors.add(item);
    try {
      if (Array.isArray(item)) {
        for (let i = 0; i < item.length; i++) {
          if (item[i] === undefined) return `${where}[${i}] is undefined, which JSON would send as null`;
          const problem = check(item[i], `${where}[${i}]`, depth + 1);
          if (problem) return problem;
        }
        return undefined;
      }
      for (const [key, child] of Object.entries(item)) {
        const problem = child === undefined ? undefined : check(child, `${where}.${key}`, depth + 1);
        if (problem) return problem;
      }
      return undefined;
    } finally {
      ancestors.delete(item);
    }
  };
  return check(value, 'body', 0);
}

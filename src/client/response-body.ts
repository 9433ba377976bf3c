/**
 * Deeper than this is not data but an attack on the stack: printing or validating it would
 * overflow. Real Workspace API answers nest a handful of levels.
 */
export const MAX_JSON_DEPTH = 1000;

export type ParsedBody = { ok: true; value: unknown } | { ok: false; problem: 'malformed' | 'too-deep' };

/** Parses a response body as JSON: a leading byte-order mark is allowed, nesting is capped. */
export function parseJsonBody(text: string): ParsedBody {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (nestingDepth(body) > MAX_JSON_DEPTH) return { ok: false, problem: 'too-deep' };
  try {
    return { ok: true, value: JSON.parse(body) as unknown };
  } catch {
    return { ok: false, problem: 'malformed' };
  }
}

/** The deepest bracket nesting of a JSON text, brackets inside strings not counted. One pass, no recursion. */
export function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) deepest = Math.max(deepest, ++depth);
    else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}

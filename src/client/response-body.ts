import { exactNumber } from './exact-number.js';

/**
 * Deeper than this is not data but an attack on the stack: printing or validating it would
 * overflow. Real Workspace API answers nest a handful of levels.
 */
export const MAX_JSON_DEPTH = 1000;

export type ParsedBody =
  | {
      ok: true;
      /** As JSON.parse gives it: numbers as doubles. */
      value: unknown;
      /**
       * Exactly as sent (issue #17): a number a double would change (9007199254740993, -0, 1e400,
       * 1.0) is a `JSON.rawJSON` of its text, which JSON.stringify writes back unchanged. The same
       * object as `value` when no number needs it.
       */
      exact: unknown;
    }
  | { ok: false; problem: 'malformed' | 'too-deep' };

/** Parses a response body as JSON: a leading byte-order mark is allowed, nesting is capped. */
export function parseJsonBody(text: string): ParsedBody {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  // Most answers need no scan (issue #13: it cost as much as the parse): too short to nest past the
  // cap, and no number in them can read back differently as a double.
  const scan = body.length <= MAX_JSON_DEPTH && !MAY_CHANGE_AS_DOUBLE.test(body) ? { depth: 0, inexact: false } : scanJson(body);
  if (scan.depth > MAX_JSON_DEPTH) return { ok: false, problem: 'too-deep' };
  try {
    const value = JSON.parse(body) as unknown;
    // The reviver costs about ten times a plain parse, so it runs only when a number needs it.
    return { ok: true, value, exact: scan.inexact ? (JSON.parse(body, keepNumberText) as unknown) : value };
  } catch {
    return { ok: false, problem: 'malformed' };
  }
}

/**
 * Text without which no JSON number changes as a double: a fraction or an exponent follows a digit,
 * an integer a double cannot hold has 16 digits or more, and `-0` is the other. It may match inside a
 * string (`"v1.2"`): then the scan looks.
 */
const MAY_CHANGE_AS_DOUBLE = /\d[.eE]|\d{16}|-0/;

/** Node 22+'s JSON.parse hands a reviver each number's source text. */
function keepNumberText(_key: string, value: unknown, context?: { source?: string }): unknown {
  if (typeof value !== 'number' || context?.source === undefined || context.source === JSON.stringify(value)) return value;
  return exactNumber(context.source);
}

/** The deepest bracket nesting of a JSON text, brackets inside strings not counted. One pass, no recursion. */
export function nestingDepth(text: string): number {
  return scanJson(text).depth;
}

/**
 * One pass over a JSON text, no recursion: the deepest bracket nesting (brackets inside strings
 * not counted), and whether any number would read back differently as a double.
 */
function scanJson(text: string): { depth: number; inexact: boolean } {
  let depth = 0;
  let deepest = 0;
  let inexact = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) i = closingQuote(text, i);
    else if (c === 0x5b || c === 0x7b) deepest = Math.max(deepest, ++depth);
    else if (c === 0x5d || c === 0x7d) depth--;
    else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      const end = numberEnd(text, i);
      if (!inexact) inexact = changesAsDouble(text.slice(i, end));
      i = end - 1;
    }
  }
  return { depth: deepest, inexact };
}

/** Where the string opened at `open` ends: the next `"` not escaped by a backslash (found natively, not char by char). */
function closingQuote(text: string, open: number): number {
  for (let quote = text.indexOf('"', open + 1); quote !== -1; quote = text.indexOf('"', quote + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === 0x5c) backslashes++;
    if (backslashes % 2 === 0) return quote;
  }
  return text.length;
}

function numberEnd(text: string, start: number): number {
  let end = start + 1;
  while (end < text.length && isNumberChar(text.charCodeAt(end))) end++;
  return end;
}

/** 0-9 . e E + - */
const isNumberChar = (c: number): boolean => (c >= 0x30 && c <= 0x39) || c === 0x2e || c === 0x65 || c === 0x45 || c === 0x2b || c === 0x2d;

/** Whether a number's text differs from what JSON.stringify writes for its double. */
const changesAsDouble = (token: string): boolean => JSON.stringify(Number(token)) !== token;

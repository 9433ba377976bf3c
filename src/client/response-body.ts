import { exactNumber } from './exact-number.js';
import { listsOwnKeyOrder, orderedRecord } from './key-order.js';

/**
 * Deeper than this is not data but an attack on the stack: printing or validating it would
 * overflow. Real Workspace API answers nest a handful of levels.
 */
export const MAX_JSON_DEPTH = 1000;

/** What is wrong with JSON deeper than MAX_JSON_DEPTH, wherever it was found: the one wording. */
export const NESTS_TOO_DEEP = `nests deeper than ${MAX_JSON_DEPTH} levels`;

/** The one sentence for JSON deeper than MAX_JSON_DEPTH, naming `what` it is. */
export const tooDeep = (what: string): string => `${what} ${NESTS_TOO_DEEP}`;

/**
 * The one depth check of JSON text (a file, an argument, a CSV cell, an NDJSON line): the sentence
 * naming `what` when it nests deeper than MAX_JSON_DEPTH, else undefined. Run before JSON.parse,
 * whose result is walked next.
 */
export function jsonTextTooDeep(text: string, what: string): string | undefined {
  return nestingDepth(text) > MAX_JSON_DEPTH ? tooDeep(what) : undefined;
}

/** The same check of JSON data (an MCP call's arguments): walked with a list, not recursion, stopped at the first level too deep. */
export function jsonValueTooDeep(value: unknown, what: string): string | undefined {
  const pending: [unknown, number][] = [[value, 1]];
  while (pending.length > 0) {
    const [item, depth] = pending.pop()!;
    if (item === null || typeof item !== 'object') continue;
    if (depth > MAX_JSON_DEPTH) return tooDeep(what);
    for (const child of Array.isArray(item) ? item : Object.values(item)) pending.push([child, depth + 1]);
  }
  return undefined;
}

export type ParsedBody =
  | {
      ok: true;
      /** As JSON.parse gives it: numbers as doubles. */
      value: unknown;
      /**
       * Exactly as sent: a number a double would change (9007199254740993, -0, 1e400,
       * 1.0) is a `JSON.rawJSON` of its text, which JSON.stringify writes back unchanged; an object
       * whose keys were sent in an order a plain object cannot keep (integer-like keys after others)
       * lists them in that order (src/client/key-order.ts). The same object as `value` when nothing
       * needs either.
       */
      exact: unknown;
    }
  | { ok: false; problem: 'malformed' | 'too-deep' };

/** Parses a response body as JSON: a leading byte-order mark is allowed, nesting is capped. */
export function parseJsonBody(text: string): ParsedBody {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  // Most answers need no scan (it cost as much as the parse): too short to nest past the
  // cap, and no number in them can read back differently as a double.
  const scan = body.length <= MAX_JSON_DEPTH && !MAY_CHANGE_AS_DOUBLE.test(body) ? { depth: 0, inexact: false } : scanJson(body);
  if (scan.depth > MAX_JSON_DEPTH) return { ok: false, problem: 'too-deep' };
  let value: unknown;
  try {
    value = JSON.parse(body) as unknown;
  } catch {
    return { ok: false, problem: 'malformed' };
  }
  // Read again only when needed: a second reading costs about ten times a plain parse.
  if (MAY_HOLD_INDEX_KEY.test(body)) {
    const inOrder = readInOrder(body);
    if (inOrder.reordered || scan.inexact) return { ok: true, value, exact: inOrder.value };
  }
  return { ok: true, value, exact: scan.inexact ? (JSON.parse(body, keepNumberText) as unknown) : value };
}

/** Text without which no key is integer-like: a key starting with a digit, plain or `\u`-escaped. */
const MAY_HOLD_INDEX_KEY = /"(?:\d|\\u003\d)[^"]*"[ \t\n\r]*:/;

/**
 * Reads a JSON text that JSON.parse accepted, each object's keys in the order sent (see
 * `exact`), numbers a double would change as their text. One frame a nesting level; the text is
 * at most MAX_JSON_DEPTH deep when this runs.
 */
function readInOrder(text: string): { value: unknown; reordered: boolean } {
  let at = 0;
  let reordered = false;
  const skipSpace = (): void => {
    while (at < text.length && JSON_SPACE.has(text.charCodeAt(at))) at++;
  };
  const readString = (): string => {
    const end = closingQuote(text, at);
    const string = JSON.parse(text.slice(at, end + 1)) as string;
    at = end + 1;
    return string;
  };
  /** The items of an array or the entries of an object, up to the closing bracket. */
  const readItems = <T>(close: number, item: () => T): T[] => {
    const items: T[] = [];
    at++;
    skipSpace();
    if (text.charCodeAt(at) === close) return (at++, items);
    do {
      items.push(item());
      skipSpace();
    } while (text.charCodeAt(at++) !== close);
    return items;
  };
  const readEntry = (): [string, unknown] => {
    skipSpace();
    const key = readString();
    skipSpace();
    at++; // the colon
    return [key, readValue()];
  };
  const readValue = (): unknown => {
    skipSpace();
    const c = text.charCodeAt(at);
    if (c === 0x7b) {
      const record = orderedRecord(readItems(0x7d, readEntry));
      reordered ||= listsOwnKeyOrder(record);
      return record;
    }
    if (c === 0x5b) return readItems(0x5d, readValue);
    if (c === 0x22) return readString();
    const literal = LITERALS.find(([word]) => text.startsWith(word, at));
    if (literal) return ((at += literal[0].length), literal[1]);
    const end = numberEnd(text, at);
    const token = text.slice(at, end);
    at = end;
    return changesAsDouble(token) ? exactNumber(token) : Number(token);
  };
  return { value: readValue(), reordered };
}

const JSON_SPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);
const LITERALS: [string, unknown][] = [
  ['true', true],
  ['false', false],
  ['null', null],
];

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

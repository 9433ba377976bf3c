// The library's boundary: what a caller hands `client.call()` is read here, each part exactly once,
// into plain data, before anything else looks at it. A getter, a Proxy trap, a toJSON or a
// Symbol.toPrimitive is the caller's code: it runs here and nowhere later, so it cannot answer one
// way when checked and another when sent, and whatever it throws is the caller's input refused,
// with nothing sent. Undici, zod and the path encoder then see only strings, numbers, plain
// objects and arrays.
import { types } from 'node:util';
import { MAX_JSON_DEPTH, tooDeep } from './response-body.js';

/** The arguments of one call, as plain data. */
export interface CallArguments {
  /** Path parameters and any other keys of the input, except body, query and headers. */
  params: Record<string, unknown>;
  body: unknown;
  query: Record<string, unknown> | undefined;
  headers: Record<string, unknown> | undefined;
  /** A signal of svc's own that follows the caller's: no caller code runs when it is read. */
  signal: AbortSignal | undefined;
}

export type ReadArguments = { ok: true; value: CallArguments } | { ok: false; message: string };

/** The input could not be read: where, and why. */
class Unreadable extends Error {
  constructor(
    readonly where: string,
    message: string,
  ) {
    super(message);
  }
}

/** Where the reading is: the caller's code that throws is named by the place it was read from. */
let reading = 'the input';

/** Lists longer than this are refused: a Proxy can claim a length of 2^32 - 1. */
const MAX_ITEMS = 1 << 24;

/** Reads the input object and the call's options once, into plain data. Never throws. */
export function readCallArguments(input: unknown, options: unknown): ReadArguments {
  reading = 'the input';
  try {
    const params: Record<string, unknown> = {};
    let body: unknown;
    let query: unknown;
    let headers: unknown;
    for (const key of Object.keys(input as object)) {
      reading = key;
      const value = (input as Record<string, unknown>)[key];
      if (key === 'body') body = plainData(value, 'body', 0, new Set());
      else if (key === 'query') query = plainData(value, 'query', 0, new Set());
      else if (key === 'headers') headers = plainData(value, 'headers', 0, new Set());
      else setOwn(params, key, plainParam(value));
    }
    reading = 'options.signal';
    const signal = readSignal(options);
    return {
      ok: true,
      value: { params, body, query: query as Record<string, unknown> | undefined, headers: headers as Record<string, unknown> | undefined, signal },
    };
  } catch (error) {
    const unreadable = isUnreadable(error);
    const [where, message] = unreadable ? [unreadable.where, unreadable.message] : [reading, describeThrown(error)];
    if (where === 'options' || where.startsWith('options.'))
      return { ok: false, message: `the options could not be read: ${message}${where === 'options' ? '' : ` (at ${where})`}` };
    return { ok: false, message: `the input could not be read: ${message}${where === 'the input' ? '' : ` (at ${where})`}` };
  }
}

/** The refusal this module threw, told apart without running the caller's code (a Proxy's getPrototypeOf trap). */
function isUnreadable(error: unknown): Unreadable | undefined {
  try {
    return error instanceof Unreadable ? error : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What a thrown value says, without running any more of the caller's code that could throw again:
 * an Error's message (read guarded), a string as it is, anything else by its type. Never throws.
 */
export function describeThrown(error: unknown): string {
  try {
    if (typeof error === 'string') return clip(error);
    if (error instanceof Error && typeof error.message === 'string') return clip(error.message);
  } catch {
    // a Proxy or a getter that throws again: described by its type below
  }
  return `it threw ${error === null ? 'null' : typeof error === 'object' ? 'an object that is not an Error' : `a ${typeof error}`}`;
}

const clip = (text: string): string => (text.length > 300 ? `${text.slice(0, 300)}…` : text);

/** A path parameter: a string as it is; anything else only by its kind, for fillPath's refusal (no toString is called). */
function plainParam(value: unknown): unknown {
  if (typeof value === 'function') return () => undefined;
  if (value === null || typeof value !== 'object') return value;
  return Array.isArray(value) ? [] : {};
}

/**
 * A value as JSON.stringify would see it, read once: toJSON called once (with its key, as JSON
 * does; not again on what it returns), boxed primitives unwrapped from their slots (no valueOf or
 * toString is called), own enumerable string keys only (Symbol keys are not JSON), each property
 * read once. What JSON cannot hold (NaN, a BigInt, a function) is kept for jsonBodyProblem to
 * name; a cycle, or a depth past the reader's limit, is refused here, before it can overflow the stack.
 */
function plainData(value: unknown, where: string, depth: number, ancestors: Set<object>, key = ''): unknown {
  if ((value !== null && typeof value === 'object') || typeof value === 'function') {
    reading = where;
    const toJSON = (value as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === 'function') value = toJSON.call(value, key);
  }
  return plainValue(value, where, depth, ancestors);
}

function plainValue(value: unknown, where: string, depth: number, ancestors: Set<object>): unknown {
  if (typeof value === 'function') return () => undefined;
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_JSON_DEPTH) throw new Unreadable(where, tooDeep('it'));
  if (ancestors.has(value)) throw new Unreadable(where, 'it refers back to itself (a cycle), which JSON cannot hold');
  if (types.isBoxedPrimitive(value)) return unbox(value);
  reading = where;
  ancestors.add(value);
  try {
    if (Array.isArray(value)) {
      const length = (value as unknown[]).length;
      if (!Number.isSafeInteger(length) || length < 0 || length > MAX_ITEMS)
        throw new Unreadable(where, `its length (${typeof length === 'number' ? length : typeof length}) is not that of a list svc can send`);
      const items = new Array<unknown>(length);
      for (let i = 0; i < length; i++) {
        reading = `${where}[${i}]`;
        items[i] = plainData((value as unknown[])[i], reading, depth + 1, ancestors, String(i));
      }
      return items;
    }
    const copy: Record<string, unknown> = {};
    for (const name of Object.keys(value)) {
      reading = `${where}.${name}`;
      setOwn(copy, name, plainData((value as Record<string, unknown>)[name], reading, depth + 1, ancestors, name));
    }
    return copy;
  } finally {
    ancestors.delete(value);
  }
}

/** A boxed primitive's value from its internal slot: `new String('a')` is 'a', whatever its valueOf says. */
function unbox(value: object): unknown {
  if (types.isStringObject(value)) return String.prototype.valueOf.call(value);
  if (types.isNumberObject(value)) return Number.prototype.valueOf.call(value);
  if (types.isBooleanObject(value)) return Boolean.prototype.valueOf.call(value);
  if (types.isBigIntObject(value)) return BigInt.prototype.valueOf.call(value);
  return () => undefined; // a boxed Symbol: not JSON, refused as a function is
}

/** Sets a key as an own data property: `__proto__` stays a key, as JSON.parse keeps it. */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * The call's options: only `signal` is read, once. svc follows it through a signal of its own
 * (AbortSignal.any checks that it is a real AbortSignal), so the caller's object is not read again.
 */
function readSignal(options: unknown): AbortSignal | undefined {
  if (options === undefined || options === null) return undefined;
  if (typeof options !== 'object') throw new Unreadable('options', `they must be an object such as { signal }, not a ${typeof options}`);
  const signal = (options as { signal?: unknown }).signal;
  if (signal === undefined) return undefined;
  if (signal === null || typeof signal !== 'object' || types.isProxy(signal) || !(signal instanceof AbortSignal)) {
    throw new Unreadable('options.signal', 'the signal must be an AbortSignal');
  }
  return AbortSignal.any([signal]);
}

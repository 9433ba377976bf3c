import { orderedRecord } from '../client/key-order.js';
import { redactToken } from './credential.js';
import { MOCK_API_KEY } from '../mock-key.js';

/**
 * The one redaction layer. It knows each secret in every form the secret takes on the
 * wire and in output: as given, trimmed, percent-encoded (either hex case, `+` for a space),
 * JSON-escaped (also `\/` and `\uXXXX` forms), HTML-escaped and base64 (standard and URL-safe, at
 * every byte alignment, for Basic credentials). Matches of different secrets that overlap or nest
 * are merged, so a secret inside another (SERVICE_API_KEY inside a stored token) never leaves part
 * of the longer one printed. Text must pass through here before anything cuts, folds or wraps it:
 * the formatters get `text` for that, and the context's io applies it to everything printed.
 */
export interface Redactor {
  /** Redacts this secret (and its forms) from everything from now on; shorter than 4 characters, or the mock's public key, is ignored. */
  add(secret: string): void;
  text(text: string): string;
  /** A JSON value with every string and key redacted; the same value when nothing needed it. */
  value<T>(value: T): T;
}

const MIN_SECRET = 4;

interface Form {
  text: string;
  shown: string;
}

export function createRedactor(secrets: Iterable<string | undefined> = []): Redactor {
  const forms = new Map<string, Form>();
  const escaped: Pattern[] = [];
  const add = (secret: string | undefined): void => {
    if (secret === undefined || secret.length < MIN_SECRET || secret.trim() === MOCK_API_KEY) return;
    const shown = redactToken(secret.trim());
    // Every form is at least as long as its base, so at least MIN_SECRET: none is too short to mask.
    for (const form of formsOf(secret)) if (!forms.has(form)) forms.set(form, { text: form, shown });
    for (const base of basesOf(secret)) escaped.push({ pattern: escapedFormPattern(base), shown });
  };
  for (const secret of secrets) add(secret);
  const text = (input: string): string => (forms.size === 0 ? input : redactText(input, [...forms.values()], escaped));
  // A response is checked as one JSON text first (every form has its JSON-escaped twin in `forms`),
  // and walked string by string only when a secret is in it: the common case costs one scan.
  const value = <T>(input: T): T => {
    if (forms.size === 0) return input;
    const json = JSON.stringify(input) ?? '';
    // An escaped form inside a JSON text has its backslashes doubled: walk the strings themselves.
    return holdsAny(json, forms) || mayHoldEscapes(json) ? (redactValue(input, text) as T) : input;
  };
  return { add, text, value };
}

interface Pattern {
  pattern: RegExp;
  shown: string;
}

/**
 * A secret with any of its characters escaped, each in its own way: percent-encoded (either hex
 * case, every byte of a non-ASCII character), an HTML character reference (decimal or hex, leading
 * zeros, a named one for & < > " '), or a JSON `\uXXXX`. A server that escapes one character, or
 * all of them (`%73%76%63…`, `&#115;&#118;…`), still shows nothing of the secret.
 */
function escapedFormPattern(secret: string): RegExp {
  const alternatives = [...secret].map((char) => {
    const code = char.codePointAt(0)!;
    const hex = code.toString(16);
    const bytes = [...Buffer.from(char)].map((byte) => `%${anyCase(byte.toString(16).padStart(2, '0'))}`).join('');
    const options = [
      escapeRegExp(char),
      bytes,
      `&#0*${code};`,
      `&#[xX]0*${anyCase(hex)};`,
      ...(code <= 0xffff ? [`\\\\u${anyCase(hex.padStart(4, '0'))}`] : []),
      ...(NAMED_ENTITIES[char] ? [NAMED_ENTITIES[char]] : []),
      ...(char === ' ' ? ['\\+'] : []),
    ];
    return `(?:${options.join('|')})`;
  });
  return new RegExp(alternatives.join(''), 'g');
}

/** Hex digits in either case (`%2f` or `%2F`); the secret's own characters keep theirs. */
const anyCase = (hex: string): string => hex.replace(/[a-f]/g, (digit) => `[${digit}${digit.toUpperCase()}]`);

const NAMED_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;|&apos;' };

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Only text holding an escape can hold an escaped form: the common case costs one scan. */
const mayHoldEscapes = (text: string): boolean => /[%&\\]/.test(text);

/**
 * The forms a secret takes once trimmed, encoded or escaped by a server, a proxy or a formatter,
 * and each of those once more as a JSON string holds it (a --debug body is JSON text).
 */
export function formsOf(secret: string): Set<string> {
  const encoded = new Set<string>();
  for (const base of basesOf(secret)) {
    const percent = encodeURIComponent(base);
    encoded
      .add(base)
      .add(percent)
      .add(percent.replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()))
      .add(percent.replace(/%20/g, '+'));
    encoded.add(base.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;'));
    for (const core of base64Cores(base)) encoded.add(core).add(core.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  const forms = new Set(encoded);
  for (const form of encoded) for (const escaped of jsonEscapes(form)) forms.add(escaped);
  return forms;
}

/**
 * The secret as given and trimmed, each only when MIN_SECRET characters or more: a padded secret
 * whose trimmed form is shorter (` abc `) has that form masked nowhere, rather than masked only
 * in a text that also holds `%`, `&` or `\\` (where the escaped-form patterns look). Whether a
 * text is masked never depends on what else it holds.
 */
const basesOf = (secret: string): string[] => [...new Set([secret, secret.trim()])].filter((base) => base.length >= MIN_SECRET);

/** A text as it appears inside a JSON string: plain, with `\/`, and ASCII-only with `\uXXXX`. */
function jsonEscapes(text: string): string[] {
  const json = JSON.stringify(text).slice(1, -1);
  return [json, json.replace(/\//g, '\\/'), json.replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)];
}

/**
 * Base64 of a secret depends on what precedes it (`user:password` in a Basic credential): for each
 * of the three byte alignments, the characters that only the secret's bytes decide.
 */
function base64Cores(secret: string): string[] {
  const bytes = Buffer.from(secret);
  if (bytes.length < 6) return [];
  return [0, 1, 2].map((pad) => {
    const encoded = Buffer.concat([Buffer.alloc(pad), bytes]).toString('base64');
    return encoded.slice(Math.ceil((pad * 8) / 6), Math.floor(((pad + bytes.length) * 8) / 6));
  });
}

function holdsAny(text: string, forms: ReadonlyMap<string, Form>): boolean {
  for (const form of forms.keys()) if (text.includes(form)) return true;
  return false;
}

/** Every match of every form, overlapping ones merged, replaced by the redacted form of the first. */
function redactText(text: string, forms: readonly Form[], escaped: readonly Pattern[]): string {
  const spans: { from: number; to: number; shown: string }[] = [];
  for (const form of forms) {
    for (let at = text.indexOf(form.text); at !== -1; at = text.indexOf(form.text, at + 1))
      spans.push({ from: at, to: at + form.text.length, shown: form.shown });
  }
  if (mayHoldEscapes(text)) {
    for (const { pattern, shown } of escaped)
      for (const match of text.matchAll(pattern)) spans.push({ from: match.index, to: match.index + match[0].length, shown });
  }
  if (spans.length === 0) return text;
  spans.sort((a, b) => a.from - b.from || b.to - a.to);
  let result = '';
  let done = 0;
  for (const span of spans) {
    if (span.to <= done) continue;
    if (span.from >= done) result += text.slice(done, span.from) + span.shown;
    done = span.to;
  }
  return result + text.slice(done);
}

function redactValue(value: unknown, text: (input: string) => string): unknown {
  if (typeof value === 'string') return text(value);
  if (Array.isArray(value)) {
    const items = value.map((item) => redactValue(item, text));
    return items.some((item, i) => item !== value[i]) ? items : value;
  }
  if (value === null || typeof value !== 'object') return value;
  // Only plain objects (parsed JSON): anything else is a formatter's own representation, left whole.
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return value;
  let changed = false;
  const entries = Object.entries(value).map(([key, item]) => {
    const entry = [text(key), redactValue(item, text)] as const;
    changed ||= entry[0] !== key || entry[1] !== item;
    return entry;
  });
  // A copy lists its keys as the original does (integer-like keys included), `__proto__` an own key.
  return changed ? orderedRecord(entries) : value;
}

/** The password of a URL that holds one (`https://user:password@host/`), to be redacted wherever the URL shows up. */
export function passwordsInUrls(texts: Iterable<string | undefined>): string[] {
  const found: string[] = [];
  for (const text of texts) {
    const match = text === undefined ? null : /[a-z][a-z0-9+.-]*:\/\/[^/?#@\s]*?:([^/?#@\s]+)@/i.exec(text);
    if (!match) continue;
    found.push(match[1]!);
    try {
      found.push(decodeURIComponent(match[1]!));
    } catch {
      // not percent-encoded text: the raw form is enough
    }
  }
  return found;
}

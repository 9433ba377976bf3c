// How text from a description becomes code: every string through JSON.stringify, every name through
// a sanitiser, every value through a literal writer that cannot set a prototype. Nothing a
// description holds is pasted into generated code as it stands.

/**
 * A JS string literal: JSON.stringify escapes quotes, backslashes, control characters and lone
 * surrogates; U+2028 and U+2029, legal in a literal since ES2019, are escaped too, for older tools.
 */
export const quote = (text: string): string => JSON.stringify(text).replaceAll('\u2028', '\\u2028').replaceAll('\u2029', '\\u2029');

/** An object key: bare when it is a plain identifier, computed (`["__proto__"]`) when a bare or quoted key would set the prototype. */
export function propertyKey(name: string): string {
  if (name === '__proto__') return `[${quote(name)}]`;
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : quote(name);
}

/** A JSON value as a JS expression: the same value, with `__proto__` keys kept as own properties. */
export function jsLiteral(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(jsLiteral).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).map(([key, item]) => `${propertyKey(key)}: ${jsLiteral(item)}`);
    return entries.length === 0 ? '{}' : `{ ${entries.join(', ')} }`;
  }
  if (typeof value === 'string') return quote(value);
  if (typeof value === 'number' && !Number.isFinite(value)) return 'null';
  return JSON.stringify(value) ?? 'null';
}

const RESERVED = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally for function if import in ' +
    'instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface ' +
    'package private protected public await async arguments eval of get set as from type ' +
    // Globals generated code uses or a reader expects to mean themselves, and the names of its imports.
    'undefined NaN Infinity globalThis Object Array String Number Boolean Symbol BigInt Math JSON Date RegExp Error Promise Map Set ' +
    'z atLeastOneOf defineOperations combineOperations'
  ).split(' '),
);

/** Longest identifier made from a name; longer names are cut (and kept unique by a suffix). */
const MAX_IDENTIFIER = 64;

/** `repo-search-result_item` -> `RepoSearchResultItem`; a name with no letters or digits -> `Schema`. */
export function pascalIdentifier(name: string): string {
  const words = name.split(/[^A-Za-z0-9]+/).filter(Boolean);
  let ident = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('') || 'Schema';
  if (/^[0-9]/.test(ident)) ident = `Schema${ident}`;
  return ident.slice(0, MAX_IDENTIFIER);
}

/** Unique identifiers for one generated module: never a reserved word, a global, an import, nor one given twice. */
export class Identifiers {
  private readonly taken: Set<string>;

  constructor(reserved: Iterable<string> = []) {
    this.taken = new Set([...RESERVED, ...reserved]);
  }

  /** A fresh identifier from a name: `Foo`, then `Foo2`, `Foo3`… when taken. */
  claim(name: string): string {
    const base = pascalIdentifier(name);
    let ident = base;
    for (let n = 2; this.taken.has(ident); n += 1) ident = `${base}${n}`;
    this.taken.add(ident);
    return ident;
  }
}

/** A JSON pointer one step further down: `~` and `/` escaped as RFC 6901 says. */
export const childPointer = (where: string, ...segments: (string | number)[]): string =>
  segments.reduce<string>((pointer, segment) => `${pointer}/${String(segment).replaceAll('~', '~0').replaceAll('/', '~1')}`, where);

/** The value at an internal reference (`#/components/schemas/Foo`) of the document, own properties only; undefined when absent. */
export function resolvePointer(document: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  let segments: string[];
  try {
    segments = decodeURIComponent(ref.slice(1)).split('/').slice(1);
  } catch {
    return undefined;
  }
  if (ref !== '#' && !ref.startsWith('#/')) return undefined;
  let node: unknown = document;
  for (const raw of segments) {
    const segment = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, segment)) return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}

/** The last segment of a pointer, decoded: the name a `#/components/schemas/<name>` schema is known by. */
export function pointerName(ref: string): string {
  const last = ref.split('/').at(-1) ?? '';
  let decoded = last;
  try {
    decoded = decodeURIComponent(last);
  } catch {
    // A malformed escape: the raw segment still names it.
  }
  return decoded.replaceAll('~1', '/').replaceAll('~0', '~');
}

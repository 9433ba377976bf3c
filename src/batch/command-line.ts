import { createHash } from 'node:crypto';

/**
 * The command line a checkpoint was made for, item by item, so a refused resume can name the first
 * flag or argument that differs, its old value against the new one. Each item keeps a digest of its
 * whole value (what is compared) and a short form to show; a value under a name that says it is a
 * secret (password, token, key…) is never kept or shown, only its digest, and every shown form is
 * redacted of the run's known secrets before it is written.
 */
export type CommandItem = [name: string, shown: string, digest: string];

export interface CommandParts {
  params: Record<string, unknown>;
  query: Record<string, unknown> | null;
  /** Header parameters, for an operation that declares some (absent otherwise, so older checkpoints still match). */
  headers?: Record<string, unknown>;
  body: unknown;
  format: string;
  outputQuery: string | undefined;
  baseUrl: string;
}

const SHOWN_MAX = 60;
const SECRET_NAME = /pass(word|phrase)?|secret|token|api[-_]?key|auth|credential|private|cookie|session/i;
export const HIDDEN = '(hidden: it may be a secret)';

const digestOf = (value: unknown): string =>
  createHash('sha256')
    .update(JSON.stringify(value ?? null))
    .digest('hex')
    .slice(0, 16);

function shownOf(value: unknown, secretName: boolean, redact: (text: string) => string): string {
  if (secretName) return HIDDEN;
  if (value === undefined) return 'not given';
  const text = redact(JSON.stringify(value));
  return [...text].length > SHOWN_MAX ? `${[...text].slice(0, SHOWN_MAX - 1).join('')}…` : text;
}

/** Leaf values of a JSON body by their dotted path; an array is one value. */
function leaves(value: unknown, path: string, out: [string, unknown][]): void {
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length > 0) {
    for (const [key, inner] of Object.entries(value)) leaves(inner, path === '' ? key : `${path}.${key}`, out);
  } else out.push([path, value]);
}

/** The items, in the order a user reads a command: arguments, query and header parameters, body fields, then the flags that apply to every line. */
export function describeCommand(parts: CommandParts, redact: (text: string) => string = (text) => text): CommandItem[] {
  const named: [string, unknown, string][] = [];
  for (const [key, value] of Object.entries(parts.params)) named.push([`argument <${key}>`, value, key]);
  for (const [key, value] of Object.entries(parts.query ?? {})) named.push([`query parameter --${key}`, value, key]);
  for (const [key, value] of Object.entries(parts.headers ?? {})) named.push([`header parameter --${key}`, value, key]);
  if (parts.body !== undefined && parts.body !== null) {
    const body: [string, unknown][] = [];
    leaves(parts.body, '', body);
    for (const [path, value] of body) named.push([path === '' ? 'the body' : `body field ${path}`, value, path]);
  }
  named.push(['--input-format', parts.format, ''], ['--query', parts.outputQuery, ''], ['the service URL', parts.baseUrl, '']);
  return named.map(([name, value, key]) => {
    const secret = SECRET_NAME.test(key);
    return [name, shownOf(value, secret, redact), digestOf(secret ? { secret: value } : value)];
  });
}

/** `body field data.name was "Acme", now "Acme Ltd"`: the first item that differs, or undefined if the lists cannot be read or agree. */
export function firstDifference(then: unknown, now: readonly CommandItem[]): string | undefined {
  if (!Array.isArray(then) || !then.every(isItem)) return undefined;
  const before = new Map(then.map((item) => [item[0], item]));
  for (const [name, shown, digest] of now) {
    const old = before.get(name);
    if (old === undefined) return `${name} was not given, now ${shown}`;
    if (old[2] !== digest) return `${name} was ${old[1]}, now ${shown}`;
    before.delete(name);
  }
  const [dropped] = before.values();
  return dropped && `${dropped[0]} was ${dropped[1]}, now not given`;
}

const isItem = (item: unknown): item is CommandItem => Array.isArray(item) && item.length === 3 && item.every((part) => typeof part === 'string');

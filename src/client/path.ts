import { pathParamNames } from '../../registry/define.js';
import { InputError } from '../errors.js';
import { decodings } from './percent-decoding.js';

/** A path parameter refused: the issue names it (`draftId: cannot be empty`), the sentence reads `<draftId> cannot be empty`. */
const refused = (name: string, problem: string, verb = ''): InputError => new InputError({ field: name, message: problem }, `<${name}> ${verb}${problem}`);

const PLAIN_SEGMENT = /^[A-Za-z0-9_~-]+$/;

/**
 * Encodes one path parameter as exactly one segment: `/`, `?`, `#`, `%`, spaces and unicode are
 * percent-encoded. Empty, `.` and `..` are refused: a URL parser would drop or climb them.
 */
export function encodePathParam(name: string, value: string): string {
  // Letters, digits, `-`, `_` and `~` only (most ids): nothing to refuse, nothing to encode.
  if (PLAIN_SEGMENT.test(value)) return value;
  if (value === '') throw refused(name, 'cannot be empty');
  if (value === '.' || value === '..') throw refused(name, `cannot be "${value}"`);
  if (holdsDotSegment(value)) throw refused(name, 'cannot hold a "." or ".." segment: a server or proxy that decodes %2F would leave the API\'s path');
  // encodeURIComponent throws a URIError on a lone surrogate; the library must answer in a result.
  if (/\p{Cs}/u.test(value)) throw refused(name, 'not well-formed Unicode (it holds a lone surrogate)', 'is ');
  return encodeURIComponent(value);
}

/**
 * Whether the value, as it is or in any of its percent-decodings (a proxy may decode `%2F`, or
 * decode twice), alone or NFKC-normalised (`．．` is `..` to a server that normalises), has `.` or
 * `..` between slashes or backslashes: `../../_mock/state`, `a/..%2Fb`.
 */
function holdsDotSegment(value: string): boolean {
  return decodings(value).forms.some((form) => isDotSegmented(form) || (/[^\0-\x7f]/.test(form) && isDotSegmented(form.normalize('NFKC'))));
}

const isDotSegmented = (text: string): boolean => /[\\/]/.test(text) && text.split(/[\\/]/).some((segment) => segment === '.' || segment === '..');

// Per template, read once: a batch fills the same path for every line.
const placeholders = new Map<string, string[]>();

/** Fills the `{param}` placeholders of a path template. */
export function fillPath(template: string, params: Record<string, unknown>): string {
  let names = placeholders.get(template);
  if (!names) placeholders.set(template, (names = pathParamNames(template)));
  let path = template;
  for (const name of names) {
    const value = params[name];
    if (value === undefined || value === null) throw refused(name, 'required', 'is ');
    if (typeof value !== 'string')
      throw refused(name, `a string, not ${Array.isArray(value) ? 'an array' : typeof value === 'object' ? 'an object' : `a ${typeof value}`}`, 'must be ');
    path = path.replace(`{${name}}`, encodePathParam(name, value));
  }
  return path;
}

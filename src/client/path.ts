import { pathParamNames } from '../../registry/define.js';

/** A path parameter that cannot stand as one URL segment. */
export class PathParamError extends Error {
  constructor(
    readonly param: string,
    message: string,
  ) {
    super(message);
    this.name = 'PathParamError';
  }
}

/**
 * Encodes one path parameter as exactly one segment: `/`, `?`, `#`, `%`, spaces and unicode are
 * percent-encoded. Empty, `.` and `..` are refused: a URL parser would drop or climb them.
 */
export function encodePathParam(name: string, value: string): string {
  if (value === '') throw new PathParamError(name, `<${name}> cannot be empty`);
  if (value === '.' || value === '..') throw new PathParamError(name, `<${name}> cannot be "${value}"`);
  if (holdsDotSegment(value)) throw new PathParamError(name, `<${name}> cannot hold a "." or ".." segment: a server or proxy that decodes %2F would leave the API's path`);
  // encodeURIComponent throws a URIError on a lone surrogate; the library must answer in a result.
  if (/\p{Cs}/u.test(value)) throw new PathParamError(name, `<${name}> is not well-formed Unicode (it holds a lone surrogate)`);
  return encodeURIComponent(value);
}

/**
 * Whether the value, as it is or percent-decoded up to twice more (a proxy may decode `%2F`, or
 * decode twice), has `.` or `..` between slashes or backslashes: `../../_mock/state`, `a/..%2Fb`.
 */
function holdsDotSegment(value: string): boolean {
  let text = value;
  for (let round = 0; round < 3; round++) {
    if (text.split(/[\\/]/).some((segment) => segment === '.' || segment === '..') && /[\\/]/.test(text)) return true;
    let decoded: string;
    try {
      decoded = decodeURIComponent(text);
    } catch {
      return false;
    }
    if (decoded === text) return false;
    text = decoded;
  }
  return false;
}

// Per template, read once: a batch fills the same path for every line.
const placeholders = new Map<string, string[]>();

/** Fills the `{param}` placeholders of a path template. */
export function fillPath(template: string, params: Record<string, unknown>): string {
  let names = placeholders.get(template);
  if (!names) placeholders.set(template, (names = pathParamNames(template)));
  let path = template;
  for (const name of names) {
    const value = params[name];
    if (typeof value !== 'string') throw new PathParamError(name, `<${name}> is required`);
    path = path.replace(`{${name}}`, encodePathParam(name, value));
  }
  return path;
}

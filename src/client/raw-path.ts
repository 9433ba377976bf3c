/** A path for `svc api`, checked and percent-encoded, or why it cannot be used. */
export type RawPath = { ok: true; path: string; query: string } | { ok: false; message: string };

// RFC 3986 pchar (plus "/" between segments); anything else is percent-encoded.
const PATH_CHAR = /[A-Za-z0-9\-._~!$&'()*+,;=:@/%]/;
const QUERY_CHAR = /[A-Za-z0-9\-._~!$&'()*+,;=:@/?%]/;

/**
 * Checks a path given to `svc api` so that the request cannot leave the base URL: no scheme or
 * host, no `//`, no `.` or `..` segment (also percent-encoded: a URL parser climbs `%2e%2e` too),
 * no backslash (read as `/` by URL parsers) and no fragment. A leading `/` is added when missing;
 * characters a URL cannot hold as they are (spaces, unicode) are percent-encoded.
 */
export function checkRawPath(text: string): RawPath {
  if (text.trim() === '') return { ok: false, message: 'the path is empty' };
  if (/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(text)) return { ok: false, message: `give a path under the base URL, not a URL: ${text}` };
  if (text.includes('\\')) return { ok: false, message: `the path cannot hold a backslash: ${text}` };
  if (text.includes('#')) return { ok: false, message: `the path cannot hold a fragment (#): ${text}` };
  const mark = text.indexOf('?');
  const rawPath = mark === -1 ? text : text.slice(0, mark);
  const rawQuery = mark === -1 ? '' : text.slice(mark + 1);
  const path = rawPath.startsWith('/') ? rawPath : `/${rawPath}`;
  if (path.includes('//')) return { ok: false, message: `the path cannot hold "//" (it would name another host or an empty segment): ${text}` };
  if (/%(?![0-9a-fA-F]{2})/.test(text)) return { ok: false, message: `a "%" must start a percent-escape such as %2F: ${text}` };
  for (const segment of path.split('/')) {
    const decoded = decodeURIComponentSafe(segment);
    if (decoded === '.' || decoded === '..') return { ok: false, message: `the path cannot hold a "${segment}" segment; it is relative to the base URL and stays under it: ${text}` };
  }
  return { ok: true, path: encodeOutside(path, PATH_CHAR), query: encodeOutside(rawQuery, QUERY_CHAR) };
}

function decodeURIComponentSafe(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // an escape of a broken UTF-8 sequence cannot spell a dot
  }
}

function encodeOutside(text: string, allowed: RegExp): string {
  return Array.from(text, (char) => (allowed.test(char) ? char : encodeURIComponent(char))).join('');
}

/** True when `url` lies under `baseUrl` (same origin, path below it): the last line of defence. */
export function isUnderBase(url: string, baseUrl: string): boolean {
  const target = new URL(url);
  const base = new URL(`${baseUrl.replace(/\/+$/, '')}/`);
  return target.origin === base.origin && target.pathname.startsWith(base.pathname);
}

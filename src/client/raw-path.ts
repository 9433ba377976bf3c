import { decodings } from './percent-decoding.js';

/** A path for `svc api`, checked and percent-encoded, or why it cannot be used. */
export type RawPath = { ok: true; path: string; query: string } | { ok: false; message: string };

// RFC 3986 pchar (plus "/" between segments); anything else is percent-encoded.
const PATH_CHAR = /[A-Za-z0-9\-._~!$&'()*+,;=:@/%]/;
const QUERY_CHAR = /[A-Za-z0-9\-._~!$&'()*+,;=:@/?%]/;

/**
 * Checks a path given to `svc api` so that the request cannot leave the base URL, however a
 * server or proxy on the way decodes it: no scheme or host, no control character, and
 * in the path as given and in each of its decodings (percent-decoded once, twice, …, and
 * NFKC-normalised, so `%2e%2e`, `%252e%252e`, `..%2F`, `%5C`, `．．` and `..;` all count): no
 * backslash, no `//`, no segment of only dots. A percent-escape that is not UTF-8 (`%c0%ae`, an
 * overlong dot) is refused too. A leading `/` is added when missing; characters a URL cannot hold
 * as they are (spaces, unicode) are percent-encoded.
 */
export function checkRawPath(text: string): RawPath {
  if (text.trim() === '') return { ok: false, message: 'the path is empty' };
  if (/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(text)) return { ok: false, message: `give a path under the base URL, not a URL: ${text}` };
  if (/[\u0000-\u001f\u007f]/.test(text)) return { ok: false, message: `the path cannot hold a control character: ${JSON.stringify(text)}` };
  if (text.includes('#')) return { ok: false, message: `the path cannot hold a fragment (#): ${text}` };
  const mark = text.indexOf('?');
  const rawPath = mark === -1 ? text : text.slice(0, mark);
  const rawQuery = mark === -1 ? '' : text.slice(mark + 1);
  const path = rawPath.startsWith('/') ? rawPath : `/${rawPath}`;
  if (/%(?![0-9a-fA-F]{2})/.test(text)) return { ok: false, message: `a "%" must start a percent-escape such as %2F: ${text}` };
  const problem = pathProblem(path);
  if (problem) return { ok: false, message: `${problem}: ${text}` };
  return { ok: true, path: encodeOutside(path, PATH_CHAR), query: encodeOutside(rawQuery, QUERY_CHAR) };
}

/** Why a path could climb out of, or away from, the base URL once decoded, or undefined. */
function pathProblem(path: string): string | undefined {
  const { forms, broken } = decodings(path);
  for (const form of forms) {
    for (const shown of new Set([form, form.normalize('NFKC')])) {
      const decoded = form === path ? '' : ` (decoded: ${shown})`;
      if (shown.includes('\\')) return `the path cannot hold a backslash${decoded}`;
      if (/[\u0000-\u001f\u007f]/.test(shown)) return `the path cannot hold a control character, even percent-encoded${decoded}`;
      if (shown.includes('//')) return `the path cannot hold "//" (it would name another host or an empty segment)${decoded}`;
      const dots = shown.split('/').find((segment) => /^[.\s]*\.[.\s]*$/.test(segment.split(';')[0]!));
      if (dots !== undefined) return `the path cannot hold a "${dots}" segment; it is relative to the base URL and stays under it${decoded}`;
    }
  }
  return broken ? 'the path holds a percent-escape that is not UTF-8' : undefined;
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

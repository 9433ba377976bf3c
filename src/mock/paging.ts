import { validationFailure, type Reply } from './reply.js';

/** The query parameter the mock pages lists by: `?page=2`. */
export const PAGE_PARAM = 'page';

/**
 * A list answer cut to one page of `pageSize` items, as a service paging by RFC 8288 links does:
 * a `Link: <…?page=n+1>; rel="next"` header while more remain (and `rel="prev"` after the first).
 * Anything but a 200 array passes unchanged; `page` past the end answers an empty page.
 */
export function pageReply(reply: Reply, url: URL, pageSize: number): Reply {
  if (reply.status !== 200 || !Array.isArray(reply.body)) return reply;
  const given = url.searchParams.get(PAGE_PARAM);
  const page = given === null ? 1 : /^[1-9]\d{0,8}$/.test(given) ? Number(given) : undefined;
  if (page === undefined)
    return validationFailure(`The query is invalid: ${PAGE_PARAM}: expected a whole number from 1, got "${given}".`, [
      { path: PAGE_PARAM, message: 'expected a whole number from 1' },
    ]);
  const items = reply.body.slice((page - 1) * pageSize, page * pageSize);
  const links: string[] = [];
  if (page * pageSize < reply.body.length) links.push(`<${pageUrl(url, page + 1)}>; rel="next"`);
  if (page > 1) links.push(`<${pageUrl(url, page - 1)}>; rel="prev"`);
  return { ...reply, body: items, headers: { ...reply.headers, ...(links.length > 0 ? { link: links.join(', ') } : {}) } };
}

function pageUrl(url: URL, page: number): string {
  const target = new URL(url);
  target.searchParams.set(PAGE_PARAM, String(page));
  return target.href;
}

/** The request's URL without the page parameter, for an operation's own query checks. */
export function withoutPage(url: URL): URL {
  const rest = new URL(url);
  rest.searchParams.delete(PAGE_PARAM);
  return rest;
}

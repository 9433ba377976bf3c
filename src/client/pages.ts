import type { OperationSpec } from '../../registry/define.js';
import { type CallHooks, sendRequest } from './call.js';
import { nextLinkOf } from './link-header.js';
import type { CallResult } from './result.js';
import type { RetryOptions } from './retry.js';
import type { HttpRequest, Transport } from './transport.js';

/** One page read: its number (from 1), the URL it came from, its answer and the items it holds. */
export interface Page {
  number: number;
  url: string;
  result: Extract<CallResult<unknown>, { ok: true }>;
  items: unknown[];
  /** Whether the page names a next one (followed or not). */
  hasNext: boolean;
}

/** Why the pages ended: the last page said so, or page `page` could not be read or followed. */
export type PagesEnd =
  | { kind: 'last' }
  | { kind: 'failed'; page: number; url: string; result: Extract<CallResult<unknown>, { ok: false }> }
  /** The next link, or cursor, cannot be followed: another origin, a page already read, not a URL. */
  | { kind: 'refused'; page: number; problem: string };

export interface PageReading {
  send: Transport;
  hooks?: CallHooks;
  retry: RetryOptions;
}

/**
 * Reads a list page by page: each page is sent as a single call is (retries, deadline, signal) and
 * yielded before the next is asked for, so a consumer that stops asking stops the reading. The next
 * page is the `Link: <…>; rel="next"` target, else the cursor the operation declares. A next page
 * on another origin is never asked for (the request carries the credential), nor one already read.
 */
export async function* readPages(op: OperationSpec, first: HttpRequest, reading: PageReading): AsyncGenerator<Page, PagesEnd> {
  const origin = new URL(first.url).origin;
  const seen = new Map<string, number>([[new URL(first.url).href, 1]]);
  let request = first;
  for (let number = 1; ; number++) {
    const result = await sendRequest<unknown>(op, request, reading.send, reading.hooks, reading.retry);
    if (!result.ok) return { kind: 'failed', page: number, url: request.url, result };
    const next = nextPageOf(op, result, request.url);
    yield { number, url: request.url, result, items: itemsOf(op, result), hasNext: next !== undefined };
    if (next === undefined) return { kind: 'last' };
    if ('problem' in next) return { kind: 'refused', page: number, problem: next.problem };
    const target = new URL(next.url);
    if (target.origin !== origin)
      return {
        kind: 'refused',
        page: number,
        problem: `its next link leads to another origin (${target.origin}), which svc does not follow: the credential stays with ${origin}`,
      };
    const earlier = seen.get(target.href);
    if (earlier !== undefined) return { kind: 'refused', page: number, problem: `its next link leads back to page ${earlier} (a loop)` };
    seen.set(target.href, number + 1);
    request = { ...request, url: target.href };
  }
}

/** The next page's URL: the Link header's `rel="next"`, else the declared cursor; undefined on the last page. */
function nextPageOf(op: OperationSpec, result: Page['result'], url: string): { url: string } | { problem: string } | undefined {
  const linked = nextLinkOf(result.headers.link, url);
  if (linked !== undefined || !op.cursor) return linked;
  const body = result.data as Record<string, unknown> | null;
  const cursor = body !== null && typeof body === 'object' && !Array.isArray(body) ? body[op.cursor.next] : undefined;
  if (cursor === undefined || cursor === null || cursor === '') return undefined;
  if (typeof cursor !== 'string' && typeof cursor !== 'number') return { problem: `its ${op.cursor.next} is not a string or number` };
  const target = new URL(url);
  target.searchParams.set(op.cursor.param, String(cursor));
  return { url: target.href };
}

/**
 * A page's items: the declared items field, else the body when it is an array; any other body is
 * one item (a page of `svc api` that is an object), so no page is ever dropped.
 */
function itemsOf(op: OperationSpec, result: Page['result']): unknown[] {
  const body = result.json ?? result.data;
  const field = op.cursor?.items;
  if (field !== undefined && body !== null && typeof body === 'object' && !Array.isArray(body)) {
    const items = (body as Record<string, unknown>)[field];
    if (Array.isArray(items)) return items;
  }
  if (Array.isArray(body)) return body;
  return body === undefined ? [] : [body];
}

import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import type { OperationSpec } from '../../registry/define.js';
import { readPages } from '../../src/client/pages.js';
import { defaultRetryOptions } from '../../src/client/retry.js';
import type { HttpRequest, HttpResponse } from '../../src/client/transport.js';

// The page loop over an in-memory transport; the end-to-end tests (test/commands/pagination.test.ts)
// run it through bin/svc against a real server.

const cursorList: OperationSpec = {
  method: 'GET',
  safety: 'safe',
  path: '/things',
  summary: 'List things',
  args: [],
  response: z.looseObject({}),
  examples: ['svc things list'],
  cursor: { param: 'after', next: 'nextCursor', items: 'data' },
};

async function readAll(op: OperationSpec, answers: Record<string, HttpResponse>) {
  const sent: string[] = [];
  const send = async (request: HttpRequest): Promise<HttpResponse> => {
    sent.push(request.url);
    return answers[request.url] ?? { status: 404, headers: {}, body: '' };
  };
  const pages = readPages(
    op,
    { method: 'GET', url: 'https://api.example.com/v1/things?limit=2', headers: {} },
    { send, retry: { ...defaultRetryOptions, retries: 0 } },
  );
  const items: unknown[] = [];
  for (;;) {
    const step = await pages.next();
    if (step.done) return { sent, items, end: step.value };
    items.push(...step.value.items);
  }
}

const json = (body: unknown, headers: Record<string, string> = {}): HttpResponse => ({
  status: 200,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

describe('readPages with a declared cursor', () => {
  it('sends the cursor as the declared parameter, keeping the rest of the query, until it is null', async () => {
    const read = await readAll(cursorList, {
      'https://api.example.com/v1/things?limit=2': json({ data: [1, 2], nextCursor: 'c2' }),
      'https://api.example.com/v1/things?limit=2&after=c2': json({ data: [3], nextCursor: 7 }),
      'https://api.example.com/v1/things?limit=2&after=7': json({ data: [4], nextCursor: null }),
    });
    expect(read.items).toEqual([1, 2, 3, 4]);
    expect(read.end).toEqual({ kind: 'last' });
    expect(read.sent).toHaveLength(3);
  });

  it('prefers a Link header to the cursor, and stops on a cursor that repeats', async () => {
    const read = await readAll(cursorList, {
      'https://api.example.com/v1/things?limit=2': json({ data: [1], nextCursor: 'ignored' }, { link: '<things?limit=2&after=x>; rel="next"' }),
      'https://api.example.com/v1/things?limit=2&after=x': json({ data: [2], nextCursor: 'x' }),
    });
    expect(read.items).toEqual([1, 2]);
    expect(read.end).toEqual({ kind: 'refused', page: 2, problem: 'its next link leads back to page 2 (a loop)' });
  });

  it('refuses a cursor that is not a string or number', async () => {
    const read = await readAll(cursorList, { 'https://api.example.com/v1/things?limit=2': json({ data: [1], nextCursor: { at: 1 } }) });
    expect(read.end).toEqual({ kind: 'refused', page: 1, problem: 'its nextCursor is not a string or number' });
  });

  it('ends with the failed page, its number and URL', async () => {
    const read = await readAll(cursorList, { 'https://api.example.com/v1/things?limit=2': json({ data: [1], nextCursor: 'gone' }) });
    expect(read.end).toMatchObject({
      kind: 'failed',
      page: 2,
      url: 'https://api.example.com/v1/things?limit=2&after=gone',
      result: { ok: false, status: 404 },
    });
  });
});

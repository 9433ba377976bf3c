import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import type { OperationSpec } from '../../registry/define.js';
import { registry } from '../../registry/index.js';
import { createRedactor } from '../../src/auth/redaction.js';
import type { HttpRequest, HttpResponse } from '../../src/client/transport.js';
import { TransportError } from '../../src/client/transport.js';
import { defaultRetryOptions } from '../../src/client/retry.js';
import {
  buildOperationRequest,
  type OperationCall,
  type Outcome,
  type PreparedCall,
  prepareCall,
  runOperation,
  sendOperationRequest,
} from '../../src/core/run-operation.js';
import { Interruption } from '../../src/interruption.js';
import { USER_AGENT } from '../../src/version.js';
import { json } from '../support/fake-context.js';

// The seam below argv: an operation and its input in, the whole outcome out (request built, result,
// failure in words). Beside test/cli/requests.test.ts (argv in, request out).
const BASE = 'http://127.0.0.1:4010/v1';
const TOKEN = 'svc_test_token_1234567890';
const target = { baseUrl: BASE, token: TOKEN, userAgent: USER_AGENT, timeoutMs: 30_000 };
const headers = (body: boolean): Record<string, string> => ({
  accept: 'application/json',
  'user-agent': USER_AGENT,
  authorization: `Bearer ${TOKEN}`,
  ...(body ? { 'content-type': 'application/json' } : {}),
});
const sent = (method: string, path: string, body?: unknown): HttpRequest => ({
  method,
  url: `${BASE}${path}`,
  headers: headers(body !== undefined),
  timeoutMs: 30_000,
  signal: undefined,
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});

/** An operation with query parameters (the registry has none yet). */
const listThings: OperationSpec = {
  method: 'GET',
  path: '/things',
  summary: 'List things',
  args: [],
  safety: 'safe',
  query: z.object({ limit: z.number() }),
  response: z.unknown(),
  examples: [],
};

type Answer = HttpResponse | TransportError;
const refused = () => new TransportError('refused', 'connection refused by 127.0.0.1:4010', false);
const reset = () => new TransportError('reset', 'the connection was reset before the answer was complete', true);

interface Case {
  name: string;
  call: OperationCall | PreparedCall;
  /** The transport's answers, one per attempt; a TransportError is thrown. */
  answers?: Answer[];
  signal?: AbortSignal;
  outcome: Outcome;
}

const cases: Case[] = [
  {
    name: 'a create answered 201: the result as the library returns it, no failure',
    call: { op: registry.crm_entries_create, params: { objectName: 'deals' }, body: { data: { name: 'Acme' } } },
    answers: [json(201, { entryId: 'ent_1' })],
    outcome: {
      request: sent('POST', '/crm/objects/deals/entries', { data: { name: 'Acme' } }),
      result: { ok: true, status: 201, headers: { 'content-type': 'application/json' }, data: { entryId: 'ent_1' }, json: { entryId: 'ent_1' }, attempts: 1 },
    },
  },
  {
    name: 'a path parameter that would climb out of the path: refused, nothing built or sent',
    call: { op: registry.email_drafts_get, params: { draftId: '..' } },
    outcome: {
      request: undefined,
      result: {
        ok: false,
        status: 0,
        error: { kind: 'invalid', message: '<draftId> cannot be ".."', issues: [{ path: ['draftId'], message: '<draftId> cannot be ".."' }] },
      },
      failure: { message: '<draftId> cannot be ".."', category: 'usage', exitCode: 2, retrySafe: true, mayHaveBeenApplied: false },
    },
  },
  {
    name: 'a body the schema refuses: its issues, nothing sent',
    call: { op: registry.crm_entries_create, params: { objectName: 'deals' }, body: { data: 'Acme' } },
    outcome: {
      request: undefined,
      result: {
        ok: false,
        status: 0,
        error: { kind: 'invalid', message: 'invalid request body', issues: [{ path: ['data'], message: expect.stringMatching(/object|record/i) }] },
      },
      failure: { message: 'invalid request body', category: 'usage', exitCode: 2, retrySafe: true, mayHaveBeenApplied: false },
    },
  },
  {
    name: 'a body JSON cannot hold (NaN): refused rather than sent as null',
    call: { op: registry.crm_entries_create, params: { objectName: 'deals' }, body: { data: { n: Number.NaN } } },
    outcome: {
      request: undefined,
      result: {
        ok: false,
        status: 0,
        error: {
          kind: 'invalid',
          message: 'body.data.n is NaN, which JSON cannot hold',
          issues: [{ path: ['body'], message: 'body.data.n is NaN, which JSON cannot hold' }],
        },
      },
      failure: { message: 'body.data.n is NaN, which JSON cannot hold', category: 'usage', exitCode: 2, retrySafe: true, mayHaveBeenApplied: false },
    },
  },
  {
    name: 'query parameters: checked by the schema, then sent in the URL',
    call: { op: listThings, params: {}, query: { limit: 10 } },
    answers: [json(200, [1, 2])],
    outcome: {
      request: sent('GET', '/things?limit=10'),
      result: { ok: true, status: 200, headers: { 'content-type': 'application/json' }, data: [1, 2], json: [1, 2], attempts: 1 },
    },
  },
  {
    name: 'query parameters the schema refuses',
    call: { op: listThings, params: {}, query: { limit: 'ten' } },
    outcome: {
      request: undefined,
      result: {
        ok: false,
        status: 0,
        error: { kind: 'invalid', message: 'invalid query parameters', issues: [{ path: ['limit'], message: expect.any(String) }] },
      },
      failure: { message: 'invalid query parameters', category: 'usage', exitCode: 2, retrySafe: true, mayHaveBeenApplied: false },
    },
  },
  {
    name: 'a 401: exit 4, and the hint names the credential',
    call: { op: registry.email_drafts_get, params: { draftId: 'dr_1' } },
    answers: [json(401, { error: { message: 'invalid API key', type: 'authentication_error', code: 'invalid_key' } })],
    outcome: {
      request: sent('GET', '/email/drafts/dr_1'),
      result: {
        ok: false,
        status: 401,
        headers: { 'content-type': 'application/json' },
        attempts: 1,
        error: {
          kind: 'api',
          status: 401,
          message: 'invalid API key',
          type: 'authentication_error',
          code: 'invalid_key',
          details: undefined,
          body: '{"error":{"message":"invalid API key","type":"authentication_error","code":"invalid_key"}}',
        },
      },
      failure: {
        message: 'invalid API key (authentication_error/invalid_key, HTTP 401); check SERVICE_API_KEY or run `svc auth login`',
        category: 'auth',
        exitCode: 4,
        retrySafe: true,
        mayHaveBeenApplied: false,
        hint: 'check SERVICE_API_KEY or run `svc auth login`',
      },
    },
  },
  {
    name: 'a 404 with details: exit 5, the details kept for --debug',
    call: { op: registry.email_drafts_get, params: { draftId: 'dr_9' } },
    answers: [json(404, { error: { message: 'no such draft', type: 'invalid_request', code: 'not_found', details: { draftId: 'dr_9' } } })],
    outcome: {
      request: sent('GET', '/email/drafts/dr_9'),
      result: {
        ok: false,
        status: 404,
        headers: { 'content-type': 'application/json' },
        attempts: 1,
        error: {
          kind: 'api',
          status: 404,
          message: 'no such draft',
          type: 'invalid_request',
          code: 'not_found',
          details: { draftId: 'dr_9' },
          body: expect.any(String),
        },
      },
      failure: {
        message: 'no such draft (invalid_request/not_found, HTTP 404)',
        category: 'notFound',
        exitCode: 5,
        retrySafe: true,
        mayHaveBeenApplied: false,
        detail: 'details: {\n  "draftId": "dr_9"\n}',
      },
    },
  },
  {
    name: 'a GET answered 503 four times: retried three times, then the attempts are said',
    call: { op: registry.email_drafts_get, params: { draftId: 'dr_1' } },
    answers: [json(503, {}), json(503, {}), json(503, {}), json(503, {})],
    outcome: {
      request: sent('GET', '/email/drafts/dr_1'),
      result: {
        ok: false,
        status: 503,
        headers: { 'content-type': 'application/json' },
        attempts: 4,
        error: { kind: 'api', status: 503, message: 'HTTP 503 with a JSON body that is not the standard error shape', body: '{}' },
      },
      failure: {
        message: 'HTTP 503 with a JSON body that is not the standard error shape (after 4 attempts)',
        category: 'api',
        exitCode: 1,
        retrySafe: true,
        mayHaveBeenApplied: false,
      },
    },
  },
  {
    name: 'a create answered 500: not retried, and may have been applied (the server may have failed after the write)',
    call: { op: registry.crm_entries_create, params: { objectName: 'deals' }, body: { data: {} } },
    answers: [json(500, { error: { message: 'boom', type: 'api_error', code: 'internal' } })],
    outcome: {
      request: sent('POST', '/crm/objects/deals/entries', { data: {} }),
      result: {
        ok: false,
        status: 500,
        headers: { 'content-type': 'application/json' },
        attempts: 1,
        mayHaveApplied: true,
        error: {
          kind: 'api',
          status: 500,
          message: 'boom',
          type: 'api_error',
          code: 'internal',
          details: undefined,
          body: '{"error":{"message":"boom","type":"api_error","code":"internal"}}',
        },
      },
      failure: {
        message: 'boom (api_error/internal, HTTP 500); the POST may have been applied: check before sending it again',
        category: 'api',
        exitCode: 1,
        retrySafe: false,
        mayHaveBeenApplied: true,
        hint: 'check before sending it again',
      },
    },
  },
  {
    name: 'a create whose answer was lost: may have been applied, never sent twice',
    call: { op: registry.crm_entries_create, params: { objectName: 'deals' }, body: { data: {} } },
    answers: [reset()],
    outcome: {
      request: sent('POST', '/crm/objects/deals/entries', { data: {} }),
      result: {
        ok: false,
        status: 0,
        attempts: 1,
        mayHaveApplied: true,
        error: { kind: 'transport', failure: 'reset', message: 'the connection was reset before the answer was complete', sent: true },
      },
      failure: {
        message: 'the connection was reset before the answer was complete; the POST may have been applied: check before sending it again',
        category: 'network',
        exitCode: 3,
        retrySafe: false,
        mayHaveBeenApplied: true,
        hint: 'check before sending it again',
      },
    },
  },
  {
    name: 'a create refused at connect: nothing left, so it is tried again',
    call: { op: registry.crm_entries_create, params: { objectName: 'deals' }, body: { data: {} } },
    answers: [refused(), json(201, { entryId: 'ent_2' })],
    outcome: {
      request: sent('POST', '/crm/objects/deals/entries', { data: {} }),
      result: { ok: true, status: 201, headers: { 'content-type': 'application/json' }, data: { entryId: 'ent_2' }, json: { entryId: 'ent_2' }, attempts: 2 },
    },
  },
  {
    name: 'an idempotent DELETE whose answer was lost: retried, then reported as safe to retry',
    call: { op: registry.files_delete, params: {}, body: { path: 'tmp/a.txt' } },
    answers: [reset(), reset(), reset(), reset()],
    outcome: {
      request: sent('DELETE', '/files', { path: 'tmp/a.txt' }),
      result: {
        ok: false,
        status: 0,
        attempts: 4,
        error: { kind: 'transport', failure: 'reset', message: 'the connection was reset before the answer was complete', sent: true },
      },
      failure: {
        message: 'the connection was reset before the answer was complete (after 4 attempts)',
        category: 'network',
        exitCode: 3,
        retrySafe: true,
        mayHaveBeenApplied: false,
      },
    },
  },
  {
    name: 'stopped by SIGTERM before sending: no attempt is waited for, the signal is named, exit 143',
    call: { op: registry.email_drafts_get, params: { draftId: 'dr_1' } },
    signal: AbortSignal.abort(new Interruption('SIGTERM')),
    outcome: {
      request: { ...sent('GET', '/email/drafts/dr_1'), signal: expect.any(AbortSignal) },
      result: {
        ok: false,
        status: 0,
        attempts: 1,
        error: { kind: 'transport', failure: 'aborted', message: 'the request was interrupted', sent: false },
      },
      failure: { message: 'the request was interrupted (SIGTERM)', category: 'interrupted', exitCode: 143, retrySafe: true, mayHaveBeenApplied: false },
    },
  },
  {
    name: 'a prepared call (`svc api`): sent as given, the path not filled again',
    call: {
      op: { method: 'GET', path: '/anything?x=1', summary: 'GET /anything', args: [], safety: 'safe', response: z.unknown(), examples: [] },
      input: { params: {}, path: '/anything?x=1', body: undefined },
    },
    answers: [json(200, { any: true })],
    outcome: {
      request: sent('GET', '/anything?x=1'),
      result: { ok: true, status: 200, headers: { 'content-type': 'application/json' }, data: { any: true }, json: { any: true }, attempts: 1 },
    },
  },
];

/** Runs one case against a transport that answers from the list and records what it was sent. */
async function runCase({ call, answers = [], signal }: Case): Promise<{ outcome: Outcome; requests: HttpRequest[] }> {
  const requests: HttpRequest[] = [];
  const send = async (request: HttpRequest): Promise<HttpResponse> => {
    requests.push(request);
    const answer = answers[requests.length - 1];
    if (answer === undefined) throw new Error('the test expected no more requests');
    if (answer instanceof TransportError) throw answer;
    return answer;
  };
  // Waits take no time, and end on the signal as the system clock's do.
  const sleep = async (_ms: number, stop?: AbortSignal): Promise<void> => stop?.throwIfAborted();
  const retry = { ...defaultRetryOptions, clock: { now: () => 0, sleep, random: () => 0.5 } };
  const outcome = await runOperation({ send, signal, target: { ...target, signal }, retry }, call);
  return { outcome, requests };
}

describe('runOperation: an operation and its input in, the whole outcome out', () => {
  it.each(cases)('$name', async (c) => {
    const { outcome, requests } = await runCase(c);
    expect(outcome).toEqual(c.outcome);
    // Every answer listed was asked for, and nothing more: the attempts made are the ones meant.
    expect(requests).toHaveLength(c.answers?.length ?? 0);
    if (outcome.request) for (const request of requests) expect(request).toBe(outcome.request);
  });

  it('builds a request without sending it: what --dry-run prints and a confirmation is asked about, the same request sendOperationRequest then sends', async () => {
    const requests: HttpRequest[] = [];
    const send = async (request: HttpRequest): Promise<HttpResponse> => (requests.push(request), json(200, { path: 'tmp/a.txt' }));
    const prepared = prepareCall({ op: registry.files_delete, params: {}, body: { path: 'tmp/a.txt' } });
    if (!prepared.ok) throw new Error('the input is valid');
    const request = buildOperationRequest({ target }, prepared.call);
    expect(request).toEqual(sent('DELETE', '/files', { path: 'tmp/a.txt' }));
    expect(requests).toEqual([]);
    const outcome = await sendOperationRequest({ send, target }, registry.files_delete, request);
    expect(requests).toEqual([request]);
    expect(outcome).toMatchObject({ request, result: { ok: true, status: 200 } });
  });

  it('learns a secret header parameter when it builds the request, before anything is sent', () => {
    const learnt: string[] = [];
    const op = { ...registry.email_drafts_get, headers: z.object({ 'x-api-secret': z.string() }) };
    buildOperationRequest(
      { target, secrets: { add: (secret: string) => void learnt.push(secret) } as never },
      {
        op,
        input: { params: { draftId: 'dr_1' }, path: '/email/drafts/dr_1', body: undefined, headers: { 'x-api-secret': 'hunter2-secret' } },
      },
    );
    expect(learnt).toEqual(['hunter2-secret']);
  });

  it('a 2xx whose body cannot be read: a write was applied (not safe to repeat), a read was not a write', async () => {
    const send = async (): Promise<HttpResponse> => ({ status: 201, headers: { 'content-type': 'application/json' }, body: '{"entryId":' });
    const retry = { ...defaultRetryOptions, retries: 0 };
    const write = await runOperation(
      { send, target, retry },
      { op: registry.crm_entries_create, params: { objectName: 'deals' }, body: { data: { name: 'Acme' } } },
    );
    const read = await runOperation({ send, target, retry }, { op: registry.email_drafts_get, params: { draftId: 'dr_1' } });
    expect(write.result.ok === false && write.result.error.kind).toBe('unreadable');
    expect(write.failure).toMatchObject({ category: 'network', exitCode: 3, retrySafe: false, mayHaveBeenApplied: true });
    expect(read.failure).toMatchObject({ category: 'network', exitCode: 3, retrySafe: true, mayHaveBeenApplied: false });
  });

  it("every known secret is kept out of a failure's words, in the forms the redactor knows; the result stays as received", async () => {
    const redactor = createRedactor([TOKEN]);
    const secrets = { add: redactor.add, redact: redactor.text, redactValue: redactor.value, reveal: () => {} };
    const body = { error: { message: `key ${TOKEN} is revoked`, type: 'authentication_error', code: 'revoked', details: { key: encodeURIComponent(TOKEN) } } };
    const send = async (): Promise<HttpResponse> => json(401, body);
    const outcome = await runOperation(
      { send, secrets, target, retry: { ...defaultRetryOptions, retries: 0 } },
      { op: registry.email_drafts_get, params: { draftId: 'dr_1' } },
    );
    if (!outcome.failure) throw new Error('expected a failure');
    expect(JSON.stringify(outcome.failure)).not.toContain(TOKEN);
    expect(outcome.failure.message).toBe(
      `key ${redactor.text(TOKEN)} is revoked (authentication_error/revoked, HTTP 401); check SERVICE_API_KEY or run \`svc auth login\``,
    );
    expect(outcome.failure.detail).toBe(redactor.text(`details: ${JSON.stringify(body.error.details, null, 2)}`));
    expect(outcome.result.ok === false && outcome.result.error.message).toBe(`key ${TOKEN} is revoked`);
  });
});

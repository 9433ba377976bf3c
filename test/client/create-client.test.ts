import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { type CallResult, createClient, type HttpRequest, registry } from '../../src/index.js';
import { type MockServer, startMockServer } from '../../src/mock/server.js';

// The library entry with its real undici transport against a real server on 127.0.0.1.
let server: MockServer;
beforeAll(async () => {
  server = await startMockServer({ port: 0 });
});
afterAll(() => server.close());

describe('createClient', () => {
  it('reads a draft with typed data, extra fields kept', async () => {
    const client = createClient({ baseUrl: server.url, token: server.apiKey });
    const result = await client.call('email_drafts_get', { draftId: 'dr_123' });
    expectTypeOf(result).toEqualTypeOf<CallResult<ReturnType<typeof registry.email_drafts_get.response.parse>>>();
    if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.error)}`);
    expectTypeOf(result.data.revision).toEqualTypeOf<number>();
    expect(result.data).toMatchObject({ kind: 'email', draftId: 'dr_123', revision: 3 });
    expect(result.data.senders).toBeInstanceOf(Array);
    expect(server.requests.at(-1)).toMatchObject({ method: 'GET', path: '/v1/email/drafts/dr_123', headers: { authorization: `Bearer ${server.apiKey}` } });
  });

  it('sends a typed body and keeps every assignee', async () => {
    const client = createClient({ baseUrl: server.url, token: server.apiKey });
    const result = await client.call('crm_entries_create', { objectName: 'deals', body: { data: { name: 'Lib', assignees: ['usr_ada', 'usr_grace'] } } });
    expect(result.ok && result.data.entryId).toMatch(/^ent_/);
    expect(JSON.parse(server.requests.at(-1)!.body)).toEqual({ data: { name: 'Lib', assignees: ['usr_ada', 'usr_grace'] } });
  });

  it('resolves API errors and network faults to results instead of throwing', async () => {
    const client = createClient({ baseUrl: server.url, token: 'not-a-valid-key' });
    const unauthorized = await client.call('crm_tasks_series_occurrences_list', { seriesId: 'ser_weekly' });
    expect(unauthorized).toMatchObject({ ok: false, status: 401, error: { kind: 'api', code: 'unauthorized' } });
    const closed = await startMockServer({ port: 0 });
    await closed.close();
    const refused = await createClient({ baseUrl: closed.url, token: 'k', retries: 0 }).call('email_drafts_get', { draftId: 'x' });
    expect(refused).toMatchObject({ ok: false, error: { kind: 'transport', failure: 'refused', sent: false } });
  });

  it('refuses an invalid body without sending it', async () => {
    const before = server.requests.length;
    const client = createClient({ baseUrl: server.url, token: server.apiKey });
    // @ts-expect-error: "nonsense" is not a body field (and the runtime rule also wants an email or LinkedIn URL)
    const result = await client.call('campaigns_person_add', { sequenceId: 'seq_123', body: { displayName: 'Nobody', nonsense: 1 } });
    expect(result).toMatchObject({ ok: false, error: { kind: 'invalid' } });
    expect(server.requests.length).toBe(before);
  });

  it('retries what the registry declares idempotent (the preview, a POST) and never a create', async () => {
    const busy = { status: 503, headers: { 'content-type': 'application/json' }, body: '{"error":{"message":"busy","type":"api_error","code":"unavailable"}}' };
    const sent: string[] = [];
    const answers: Record<string, { status: number; headers: Record<string, string>; body: string }> = {
      POST: { status: 200, headers: { 'content-type': 'application/json' }, body: '{"subject":"s","htmlBody":"","variableNames":[]}' },
    };
    const transport = async (request: HttpRequest) => {
      sent.push(new URL(request.url).pathname);
      return sent.filter((path) => path === new URL(request.url).pathname).length === 1 ? busy : answers.POST!;
    };
    const clock = { now: () => 0, sleep: async () => {}, random: () => 0 };
    const client = createClient({ baseUrl: 'http://127.0.0.1:9/v1', transport, retries: { retries: 3, clock } });
    expect(await client.call('email_templates_preview', { templateId: 'tpl_1', body: { data: {} } })).toMatchObject({ ok: true, attempts: 2 });
    expect(await client.call('crm_entries_create', { objectName: 'deals', body: { data: {} } })).toMatchObject({ ok: false, status: 503, attempts: 1 });
    expect(sent).toEqual(['/v1/email/templates/tpl_1/preview', '/v1/email/templates/tpl_1/preview', '/v1/crm/objects/deals/entries']);
  });

  it('types path parameters from the path template', () => {
    const client = createClient({ baseUrl: server.url });
    expectTypeOf(client.call<'email_templates_preview'>)
      .parameter(1)
      .toEqualTypeOf<{ templateId: string } & { body: { data: Record<string, unknown> } } & { query?: never } & { headers?: never }>();
    // @ts-expect-error: seriesId is required
    void (() => client.call('crm_tasks_series_occurrences_list', {}));
  });
});

import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import * as z from 'zod/mini';
import { defineOperations } from '../../registry/define.js';
import { operationTools } from '../../src/mcp/tool-catalog.js';
import { useMockForSvc } from '../support/mock-for-svc.js';
import { scriptedForTest } from '../support/scripted-server.js';
import { type Connected, connect } from './harness.js';

// A read tool's optional wait: one tools/call calls the operation again until its answer meets the
// condition, bounded in time, and the result says the outcome and the polls. An MCP client in
// memory against svc's server and a real mock on 127.0.0.1, whose pending draft dr_456 reads
// pending once, then synced.

const mock = useMockForSvc({ syncAfter: { reads: 1 } });
let connected: Connected | undefined;
afterEach(async () => {
  await connected?.close();
  connected = undefined;
});

const textOf = (result: { content: unknown }) => (result.content as { text: string }[]).map((part) => part.text);
const draftReads = (id: string) => mock.server.requests.filter((request) => request.path === `/v1/email/drafts/${id}`).length;
const control = (path: string) =>
  fetch(`${mock.server.origin}${path}`, { method: 'POST', headers: { authorization: `Bearer ${mock.server.apiKey}` }, body: '{}' });

describe('a read tool with wait', () => {
  it('is offered on tools safe to repeat, not on the others, with its bounds in the schema', async () => {
    connected = await connect({ env: mock.env });
    const { tools } = await connected.client.listTools();
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    const read = byName.get('email_drafts_get')!;
    expect(read.inputSchema.properties).toHaveProperty('wait');
    expect(read.inputSchema.required).toEqual(['draftId']);
    expect((read.inputSchema.properties as Record<string, any>).wait.properties.timeout).toMatchObject({ maximum: 45 });
    expect(connected.client.getInstructions()).toMatch(/wait: a tool that takes it calls its operation again until the answer meets wait\.until/);
    expect(read.outputSchema?.properties).toHaveProperty('wait');
    for (const name of ['crm_entries_create', 'campaigns_person_add', 'files_delete'])
      expect(byName.get(name)!.inputSchema.properties).not.toHaveProperty('wait');
  });

  it('waits in one call until the condition holds: the answer, and wait says met and the polls', async () => {
    connected = await connect({ env: mock.env });
    const result = await connected.client.callTool({
      name: 'email_drafts_get',
      arguments: { draftId: 'dr_456', wait: { until: "syncStatus == 'synced'" } },
    });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ result: { draftId: 'dr_456', syncStatus: 'synced' }, wait: { outcome: 'met', polls: 2 } });
    expect(draftReads('dr_456')).toBe(2);
    expect(connected.stderr.join('')).toContain('audit tool=email_drafts_get decision=allowed status=200');
  });

  it('says failed, with the answer that failed it, when failWhen holds', async () => {
    expect((await control('/_mock/drafts/dr_456?sync=fail')).status).toBe(200);
    connected = await connect({ env: mock.env });
    const wait = { until: "syncStatus == 'synced'", failWhen: "syncStatus == 'failed'" };
    const result = await connected.client.callTool({ name: 'email_drafts_get', arguments: { draftId: 'dr_456', wait } });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ result: { syncStatus: 'failed' }, wait: { outcome: 'failed', polls: 2 } });
    expect(textOf(result)[1]).toMatch(/^note: the wait for syncStatus == 'synced' failed after 2 polls in .*: wait\.failWhen syncStatus == 'failed' is true/);
  });

  it('says timeout, with the last answer, when the time given runs out', async () => {
    connected = await connect({ env: mock.env });
    const wait = { until: "syncStatus == 'archived'", timeout: 1.2 };
    const result = await connected.client.callTool({ name: 'email_drafts_get', arguments: { draftId: 'dr_123', wait } });
    expect(result.structuredContent).toMatchObject({ result: { syncStatus: 'synced' }, wait: { outcome: 'timeout' } });
    const { wait: done } = result.structuredContent as { wait: { polls: number; waitedMs: number } };
    expect(done.polls).toBe(2); // at once, and a second later; no third fits a whole second before the deadline
    expect(done.waitedMs).toBeGreaterThanOrEqual(1200);
  });

  it('says timeout with the last answer, not an error, when the polls after that answer failed', async () => {
    const server = await scriptedForTest(onTestFinished, {
      '/v1/email/drafts/dr_1': (_, n) =>
        n === 1
          ? { body: { ok: true, kind: 'email', draftId: 'dr_1', syncStatus: 'pending' } }
          : { status: 503, body: { error: { message: 'busy', type: 'api_error', code: '503' } } },
    });
    connected = await connect({ env: { SERVICE_BASE_URL: server.url, SERVICE_API_KEY: 'sk_test_mcp_wait_503' } });
    const wait = { until: "syncStatus == 'synced'", timeout: 1.2 };
    const result = await connected.client.callTool({ name: 'email_drafts_get', arguments: { draftId: 'dr_1', wait } });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ result: { syncStatus: 'pending' }, wait: { outcome: 'timeout', polls: 2 } });
    expect((result.structuredContent as { wait: { message: string } }).wait.message).toMatch(
      /syncStatus: pending at the last answer\); the last poll failed: busy/,
    );
  });

  it('a 404 while waiting for a value is the usual error, with the wait beside it; deleted is met by it', async () => {
    connected = await connect({ env: mock.env });
    const missing = await connected.client.callTool({ name: 'email_drafts_get', arguments: { draftId: 'dr_none', wait: { until: 'revision > `1`' } } });
    expect(missing.isError).toBe(true);
    expect(JSON.parse(textOf(missing)[0]!).error).toMatchObject({ status: 404, wait: { outcome: 'error', polls: 1 } });
    const gone = await connected.client.callTool({ name: 'email_drafts_get', arguments: { draftId: 'dr_none', wait: { until: 'deleted' } } });
    expect(gone.isError).toBeFalsy();
    expect(gone.structuredContent).toMatchObject({ result: null, wait: { outcome: 'met', polls: 1 } });
  });

  it.each([
    [{ until: 3 }, 'wait.until: must be a JMESPath expression, exists or deleted'],
    [{ until: 'a[?' }, 'wait.until: '],
    [{ until: 'syncStatus=synced' }, "JMESPath compares with == and quotes text: syncStatus == 'synced'"],
    [{ until: 'exists', timeout: 46 }, 'wait.timeout: must be a number of seconds from 0.01 to 45'],
    [{ until: 'exists', timeout: '5' }, 'wait.timeout: must be a number of seconds from 0.01 to 45'],
    [{ until: 'exists', interval: 1 }, 'wait: unknown interval: it takes until, failWhen and timeout'],
    ['exists', 'wait: must be an object'],
  ])('refuses %j before anything is sent', async (wait, message) => {
    connected = await connect({ env: mock.env });
    const result = await connected.client.callTool({ name: 'email_drafts_get', arguments: { draftId: 'dr_123', wait } });
    expect(result.isError).toBe(true);
    expect(JSON.parse(textOf(result)[0]!).error).toMatchObject({ message: expect.stringContaining(message), retrySafe: true, attempts: 0 });
    expect(mock.server.requests).toEqual([]);
  });

  it('a tool that is not safe to repeat takes no wait: an unknown argument, nothing sent', async () => {
    connected = await connect({ env: mock.env });
    const result = await connected.client.callTool({
      name: 'crm_entries_create',
      arguments: { objectName: 'deals', data: { name: 'x' }, wait: { until: 'entryId' } },
    });
    expect(result.isError).toBe(true);
    expect(JSON.parse(textOf(result)[0]!).error.message).toMatch(/^unknown argument wait: crm_entries_create takes /);
    expect(mock.server.requests).toEqual([]);
  });

  it('is not offered where the operation has an input named wait: that input keeps its name', () => {
    const operations = defineOperations({
      jobs_get: {
        method: 'GET',
        path: '/jobs/{id}',
        summary: 'Read a job',
        args: ['id'],
        query: z.object({ wait: z.optional(z.boolean()) }),
        response: z.looseObject({}),
        safety: 'safe',
        examples: ['svc jobs get j_1'],
      },
    });
    const [tool] = operationTools(operations);
    expect((tool!.tool.inputSchema.properties as Record<string, unknown>).wait).toEqual({ type: 'boolean' });
    expect(tool!.places.wait).toBeUndefined();
    expect(tool!.tool.outputSchema.properties).not.toHaveProperty('wait');
  });

  it('ends when the client cancels the call, instead of waiting out its time', async () => {
    connected = await connect({ env: mock.env });
    const cancel = new AbortController();
    const call = connected.client.callTool(
      { name: 'email_drafts_get', arguments: { draftId: 'dr_123', wait: { until: "syncStatus == 'archived'", timeout: 45 } } },
      { signal: cancel.signal },
    );
    for (const guard = Date.now() + 10_000; draftReads('dr_123') === 0 && Date.now() < guard;) await new Promise((resolve) => setTimeout(resolve, 10));
    cancel.abort();
    await expect(call).rejects.toThrow();
    // The server's call ends (its audit line) long before the 45 s the wait was given; the bound only guards against a hang.
    const audited = () => connected!.stderr.join('').includes('audit tool=email_drafts_get decision=allowed');
    for (const guard = Date.now() + 10_000; !audited() && Date.now() < guard;) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(audited()).toBe(true);
    expect(draftReads('dr_123')).toBeLessThan(5);
  }, 30_000);
});

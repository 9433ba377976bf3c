// End to end: svc mcp of each build over stdio, driven by the SDK's own client, against a real
// `svc mock` process of the same build on 127.0.0.1; every operation is called and the mock's request log checked.
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formsOf } from '../../src/auth/redaction.js';
import { startMockProcess, type MockProcess } from '../support/mock-process.js';
import { eachBuild, type SvcBuild } from '../support/builds.js';
import { TEST_CACHE_HOME, freshConfigDir } from '../support/svc.js';
import { OWN_AREAS_ENV } from './own-areas.js';

const KEY = 'svc_e2e_secret_key_0123456789';
let mock: MockProcess;

/** A client that answers every confirmation "yes", speaking the given revision, and everything svc wrote on stderr. */
async function start(build: SvcBuild, era: 'legacy' | 'modern', args: string[] = []) {
  const [command, ...words] = build.command;
  const transport = new StdioClientTransport({
    command,
    args: [...words, 'mcp', ...args],
    env: {
      PATH: build.path,
      HOME: process.env.HOME ?? '',
      SERVICE_BASE_URL: mock.url,
      SERVICE_API_KEY: KEY,
      SVC_CONFIG_DIR: freshConfigDir(),
      XDG_CACHE_HOME: TEST_CACHE_HOME,
      ...OWN_AREAS_ENV,
    },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client(
    { name: 'svc-e2e', version: '1.0.0' },
    { capabilities: { elicitation: { form: {} } }, ...(era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {}) },
  );
  const asked: string[] = [];
  client.setRequestHandler(
    'elicitation/create',
    (request) => (asked.push((request.params as { message: string }).message), { action: 'accept', content: { confirm: true } }),
  );
  await client.connect(transport);
  return { client, asked, stderr: () => stderr, close: () => client.close() };
}

async function received(): Promise<{ method: string; path: string; body: string }[]> {
  const response = await fetch(`${mock.origin}/_mock/requests`, { headers: { authorization: `Bearer ${KEY}` } });
  return (await response.json()) as { method: string; path: string; body: string }[];
}

const reset = () => fetch(`${mock.origin}/_mock/reset`, { method: 'POST', headers: { authorization: `Bearer ${KEY}` } });

// Every operation, with the request the mock must receive for it.
const CALLS = [
  {
    name: 'campaigns_person_add',
    arguments: { sequenceId: 'seq_123', email: 'ada@example.com', displayName: 'Ada' },
    sent: ['POST', '/v1/campaigns/seq_123/person', { email: 'ada@example.com', displayName: 'Ada' }],
  },
  {
    name: 'crm_entries_create',
    arguments: { objectName: 'deals', data: { name: 'Acme renewal', amount: 12000 } },
    sent: ['POST', '/v1/crm/objects/deals/entries', { data: { name: 'Acme renewal', amount: 12000 } }],
  },
  { name: 'crm_tasks_series_occurrences_list', arguments: { seriesId: 'ser_weekly' }, sent: ['GET', '/v1/crm/tasks/series/ser_weekly/occurrences', undefined] },
  { name: 'email_drafts_get', arguments: { draftId: 'dr_123' }, sent: ['GET', '/v1/email/drafts/dr_123', undefined] },
  {
    name: 'email_templates_preview',
    arguments: { templateId: 'tpl_welcome', data: { firstName: 'Ada' } },
    sent: ['POST', '/v1/email/templates/tpl_welcome/preview', { data: { firstName: 'Ada' } }],
  },
  { name: 'files_delete', arguments: { path: 'tmp/scratch.txt' }, sent: ['DELETE', '/v1/files', { path: 'tmp/scratch.txt' }] },
] as const;

eachBuild((build) => {
  beforeAll(async () => {
    mock = await startMockProcess(['--api-key', KEY], build);
  });
  afterAll(() => mock.stop());

  describe.each(['legacy', 'modern'] as const)('svc mcp over stdio, %s era', (era) => {
    it('calls every operation, and the mock receives exactly what each tool stands for', async () => {
      await reset();
      const session = await start(build, era);
      try {
        expect(session.client.getNegotiatedProtocolVersion()).toBe(era === 'modern' ? '2026-07-28' : '2025-11-25');
        const { tools } = await session.client.listTools();
        expect(tools.map((tool) => tool.name).sort()).toEqual(CALLS.map((call) => call.name));
        for (const call of CALLS) {
          const result = await session.client.callTool({ name: call.name, arguments: call.arguments });
          expect(result.isError, `${call.name}: ${JSON.stringify(result.content)}`).toBeFalsy();
          expect(result.structuredContent).toHaveProperty('result');
        }
        expect(session.asked).toHaveLength(1);
        const log = await received();
        expect(log.map((request) => [request.method, request.path, request.body ? JSON.parse(request.body) : undefined])).toEqual(
          CALLS.map((call) => call.sent),
        );
        for (const call of CALLS) expect(session.stderr()).toContain(`audit tool=${call.name} decision=allowed status=`);
      } finally {
        await session.close();
      }
    }, 60_000);
  });

  describe('credentials stay in svc', () => {
    it('the key, in every form the redactor knows, appears nowhere the server wrote: results, errors or stderr', async () => {
      await reset();
      const session = await start(build, 'legacy');
      const written: string[] = [];
      try {
        const forms = [...formsOf(KEY)];
        // The template renders what it is given: the API answers with the key in every form.
        const data = Object.fromEntries(forms.map((form, i) => [`v${i}`, form]));
        const preview = await session.client.callTool({ name: 'email_templates_preview', arguments: { templateId: 'tpl_welcome', data } });
        written.push(JSON.stringify(preview));
        const missing = await session.client.callTool({ name: 'email_drafts_get', arguments: { draftId: `nope_${KEY}` } });
        expect(missing.isError).toBe(true);
        written.push(JSON.stringify(missing));
        // A tool argument cannot carry a credential.
        const smuggled = await session.client.callTool({ name: 'email_drafts_get', arguments: { draftId: 'dr_123', authorization: `Bearer ${KEY}` } });
        expect(smuggled.isError).toBe(true);
        written.push(JSON.stringify(smuggled));
        expect((await received()).map((request) => request.path).filter((path) => path.includes('dr_123'))).toEqual([]);
      } finally {
        await session.close();
      }
      written.push(session.stderr());
      const all = written.join('\n');
      expect(all).toMatch(/\*{8}/); // the redaction mark: the key was there to be redacted
      for (const form of formsOf(KEY)) expect(all, form).not.toContain(form);
    }, 60_000);
  });

  describe('the audit line holds only what svc decided', () => {
    it('a tool name an agent makes up cannot forge an audit line, reach the terminal or show the key', async () => {
      await reset();
      const session = await start(build, 'legacy', ['--mode', 'discover']);
      const forged = `${KEY}\u001b[2J\nsvc mcp: audit tool=files_delete decision=allowed status=200`;
      try {
        const call = await session.client.callTool({ name: 'call_operation', arguments: { name: forged, arguments: { path: 'notes/todo.md' } } });
        expect(call.isError).toBe(true);
        const described = await session.client.callTool({ name: 'describe_operation', arguments: { name: forged } });
        expect(described.isError).toBe(true);
      } finally {
        await session.close();
      }
      // JSON-quoted (the line break as \n), the escape made visible, the key redacted, cut at 64 characters.
      const audit = session
        .stderr()
        .split('\n')
        .filter((line) => line.includes('audit'));
      expect(audit).toEqual([
        'svc mcp: audit tool="********^[[2J\\nsvc mcp: audit tool=files_delete decision=allowed s…" decision=refused status=not-sent',
        'svc mcp: audit tool=describe_operation decision=refused status=not-sent',
      ]);
      expect(session.stderr()).not.toContain('\u001b');
      expect(await received()).toEqual([]);
    }, 60_000);
  });

  describe('a call over the size limit', () => {
    it('8 MiB and 24 MiB tools/call lines: the client gets the Invalid Request error for its own call, not its time-out, and the next call is served', async () => {
      await reset();
      const session = await start(build, 'legacy');
      try {
        for (const mebibytes of [8, 24]) {
          const data = { name: 'Acme', notes: 'n'.repeat(mebibytes * 1024 * 1024) };
          // The client's own wait is a guard against a hang: answered null, the call would wait it out.
          const failed = await session.client.callTool({ name: 'crm_entries_create', arguments: { objectName: 'deals', data } }, { timeout: 20_000 }).then(
            () => undefined,
            (error: unknown) => error,
          );
          expect(failed, `${mebibytes} MiB`).toMatchObject({
            code: -32600,
            message: expect.stringContaining("the message is over svc mcp's limit of 1048576 bytes"),
          });
        }
        const listed = await session.client.callTool({ name: 'crm_entries_create', arguments: { objectName: 'deals', data: { name: 'Acme' } } });
        expect(listed.isError).toBeFalsy();
      } finally {
        await session.close();
      }
      expect((await received()).map((r) => r.method)).toEqual(['POST']);
      expect(session.stderr().match(/was dropped and answered with an error/g)).toHaveLength(2);
    }, 120_000);
  });
});

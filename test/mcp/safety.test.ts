import { afterEach, describe, expect, it } from 'vitest';
import { areas } from '../../registry/areas.js';
import { useMockForSvc } from '../support/mock-for-svc.js';
import { type Connected, connect, type ConnectOptions } from './harness.js';

const mock = useMockForSvc();
let connected: Connected | undefined;
afterEach(async () => {
  await connected?.close();
  connected = undefined;
});

const open = async (options: Omit<ConnectOptions, 'env'> & { env?: Record<string, string> } = {}) =>
  (connected = await connect({ ...options, env: { ...mock.env, ...options.env } }));
const names = async () => (await connected!.client.listTools()).tools.map((tool) => tool.name);
const errorOf = (result: { content: unknown }) => (JSON.parse((result.content as { text: string }[])[0]!.text) as { error: Record<string, unknown> }).error;
const sent = () => mock.server.requests.map((r) => `${r.method} ${r.path}`);
const DELETE_ARGS = { name: 'files_delete', arguments: { path: 'tmp/scratch.txt' } };

describe('least privilege', () => {
  it('--read-only serves only the tools that read, and refuses a writer called by name, sending nothing', async () => {
    await open({ flags: { readOnly: true } });
    expect(await names()).toEqual(['crm_tasks_series_occurrences_list', 'email_drafts_get', 'email_templates_preview']);
    const result = await connected!.client.callTool({ name: 'crm_entries_create', arguments: { objectName: 'deals', data: { name: 'x' } } });
    expect(result.isError).toBe(true);
    expect(errorOf(result)).toMatchObject({ code: 'not-served', message: expect.stringContaining('read-only') });
    expect(sent()).toEqual([]);
    expect(connected!.stderr.join('')).toContain('audit tool=crm_entries_create decision=refused status=not-sent');
  });

  it('--areas and --tools add up; --exclude-tools beats them; read-only beats all (from the environment too)', async () => {
    await open({ flags: { areas: 'email', tools: 'files_delete,crm_entries_create', excludeTools: 'email_templates_preview' } });
    expect(await names()).toEqual(['crm_entries_create', 'email_drafts_get', 'files_delete']);
    await connected!.close();
    await open({ env: { SVC_MCP_TOOLS: 'files_delete,email_drafts_get', SVC_MCP_READ_ONLY: '1' } });
    expect(await names()).toEqual(['email_drafts_get']);
    const refused = await connected!.client.callTool({ name: 'email_templates_preview', arguments: { templateId: 'tpl_welcome', data: {} } });
    expect(errorOf(refused)).toMatchObject({ code: 'not-served' });
    expect(sent()).toEqual([]);
  });

  it('an unknown area or tool fails at start, in one line', async () => {
    await expect(open({ flags: { areas: 'email,nope' } })).rejects.toThrow(`unknown area nope: the areas are ${Object.keys(areas).sort().join(', ')}`);
    await expect(open({ env: { SVC_MCP_EXCLUDE_TOOLS: 'files_remove' } })).rejects.toThrow('--exclude-tools: unknown tool files_remove');
    await expect(open({ env: { SVC_MCP_READ_ONLY: 'maybe' } })).rejects.toThrow('SVC_MCP_READ_ONLY must be 1 or 0');
  });
});

describe.each(['legacy', 'modern'] as const)('a person decides destructive calls (%s era)', (era) => {
  it('asks, showing what will be sent, and sends on accept', async () => {
    const asked: string[] = [];
    await open({ era, elicit: (message) => (asked.push(message), { action: 'accept', content: { confirm: true } }) });
    const result = await connected!.client.callTool(DELETE_ARGS);
    expect(result.isError).toBeFalsy();
    expect(asked).toHaveLength(1);
    expect(asked[0]).toContain('DELETE /files');
    expect(asked[0]).toContain('"path": "tmp/scratch.txt"');
    expect(sent()).toEqual(['DELETE /v1/files']);
    expect(connected!.stderr.join('')).toMatch(/decision=asked status=not-sent[^]*decision=allowed status=200/);
  });

  it.each([
    ['decline', { action: 'decline' }, 'declined'],
    ['cancel', { action: 'cancel' }, 'cancelled'],
    ['accept without confirming', { action: 'accept', content: { confirm: false } }, 'did not confirm'],
  ] as const)('sends nothing on %s', async (_name, answer, words) => {
    await open({ era, elicit: () => answer });
    const result = await connected!.client.callTool(DELETE_ARGS);
    expect(result.isError).toBe(true);
    expect(errorOf(result)).toMatchObject({ code: 'declined', message: expect.stringContaining(words) });
    expect(sent()).toEqual([]);
    expect(connected!.stderr.join('')).toContain('audit tool=files_delete decision=declined status=not-sent');
  });

  it('without elicitation, refuses unless --allow-destructive', async () => {
    await open({ era });
    const refused = await connected!.client.callTool(DELETE_ARGS);
    expect(errorOf(refused)).toMatchObject({ code: 'refused', message: expect.stringContaining('--allow-destructive') });
    expect(sent()).toEqual([]);
    await connected!.close();
    await open({ era, flags: { allowDestructive: true } });
    expect((await connected!.client.callTool(DELETE_ARGS)).isError).toBeFalsy();
    expect(sent()).toEqual(['DELETE /v1/files']);
  });
});

describe('annotations', () => {
  it('come from the declared safety, all four on every tool', async () => {
    await open();
    const { tools } = await connected!.client.listTools();
    const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool.annotations]));
    expect(byName.files_delete).toEqual({ readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false });
    // A POST that only renders: read-only and idempotent, whatever its method says.
    expect(byName.email_templates_preview).toEqual({ readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });
    expect(byName.crm_entries_create).toEqual({ readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false });
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { useMockForSvc } from '../support/mock-for-svc.js';
import { type Connected, connect } from './harness.js';

const mock = useMockForSvc();
let connected: Connected | undefined;
afterEach(async () => {
  await connected?.close();
  connected = undefined;
});

describe.each(['legacy', 'modern'] as const)('svc mcp in memory (%s era)', (era) => {
  it('lists one tool per operation and calls one, sending what the mock receives', async () => {
    connected = await connect({ env: mock.env, era });
    const { tools } = await connected.client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      'campaigns_person_add',
      'crm_entries_create',
      'crm_tasks_series_occurrences_list',
      'email_drafts_get',
      'email_templates_preview',
      'files_delete',
    ]);
    const result = await connected.client.callTool({ name: 'email_drafts_get', arguments: { draftId: 'dr_123' } });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ result: { draftId: 'dr_123', kind: 'email' } });
    expect(JSON.parse((result.content as { text: string }[])[0]!.text)).toEqual(result.structuredContent);
    expect(mock.server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/email/drafts/dr_123']);
    expect(connected.stderr.join('')).toMatch(/audit tool=email_drafts_get decision=allowed status=200/);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { defineOperations } from '../../registry/define.js';
import { operationTools, toolNameOf } from '../../src/mcp/tool-catalog.js';
import { connect } from './harness.js';
import { startScriptedServer, type ScriptedServer } from '../support/scripted-server.js';

// MCP tool names are at most 64 characters; an imported description's operation ids can be longer
// (GitHub's `actions_get-github-actions-default-workflow-permissions-organization`, 68).
const LONG = 'actions_get-github-actions-default-workflow-permissions-organization';
const TWIN = 'actions_get-github-actions-default-workflow-permissions-enterprise-x';
const op = (path: string) => ({
  method: 'GET' as const,
  path,
  summary: 'Read the default workflow permissions',
  args: [],
  response: z.looseObject({ level: z.string().check(z.describe('the permission level')) }),
  safety: 'safe' as const,
  examples: ['svc actions get'],
});
const operations = defineOperations({ [LONG]: op('/orgs/permissions'), [TWIN]: op('/enterprises/permissions'), actions_list: op('/actions') });

let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedServer();
  server.script('/v1/orgs/permissions', { body: { level: 'read' } });
});
afterAll(() => server?.close());

describe('an operation id past 64 characters', () => {
  it('is served under a stable, valid, unique name of 64 characters; a short id keeps its own', () => {
    const names = operationTools(operations).map((tool) => tool.tool.name);
    expect(LONG.length).toBeGreaterThan(64);
    expect(names).toEqual([toolNameOf(LONG), toolNameOf(TWIN), 'actions_list'].sort());
    expect(new Set(names).size).toBe(3);
    for (const name of names) expect(name).toMatch(/^[A-Za-z0-9._-]{1,64}$/);
    expect(toolNameOf(LONG)).toHaveLength(64);
    expect(toolNameOf(LONG)).toBe(toolNameOf(LONG));
    expect(toolNameOf(LONG).slice(0, 55)).toBe(LONG.slice(0, 55));
    expect(toolNameOf(TWIN).slice(0, 55)).toBe(toolNameOf(LONG).slice(0, 55));
  });

  it('is listed and called by that name, and the request reaches the service', async () => {
    const connected = await connect({ env: { SERVICE_BASE_URL: server.url, SERVICE_API_KEY: 'svc_test_key_123456' }, tools: operationTools(operations) });
    const { client } = connected;
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toContain(toolNameOf(LONG));
      const result = await client.callTool({ name: toolNameOf(LONG), arguments: {} });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toEqual({ result: { level: 'read' } });
    } finally {
      await connected.close();
    }
    expect(server.received.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /v1/orgs/permissions']);
  });
});

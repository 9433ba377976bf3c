import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { defineOperations } from '../../registry/define.js';
import { operationTools } from '../../src/mcp/tool-catalog.js';
import { connect } from './harness.js';
import { startScriptedServer, type ScriptedServer } from '../support/scripted-server.js';

// An imported operation may have a body field named like one of its parameters (GitHub's
// `PATCH /repos/{owner}/{repo}/actions/variables/{name}`, whose body has a `name` too). MCP tool
// arguments are one flat object, so that body is one `body` argument: both values reach the service.
const operations = defineOperations({
  'actions_update-variable': {
    method: 'PATCH',
    path: '/variables/{name}',
    summary: 'Rename a variable and change its value',
    args: ['name'],
    params: z.object({ name: z.string().check(z.describe('the variable to change')) }),
    body: z.object({ name: z.optional(z.string()), value: z.optional(z.string()) }),
    response: z.looseObject({}),
    safety: 'idempotent',
    idempotent: true,
    examples: ['svc actions update-variable CI_LEVEL --value 2'],
  },
  actions_set: {
    method: 'PUT',
    path: '/settings/{key}',
    summary: 'Set one setting',
    args: ['key'],
    params: z.object({ key: z.string() }),
    body: z.object({ value: z.string() }),
    response: z.looseObject({}),
    safety: 'idempotent',
    idempotent: true,
    examples: ['svc actions set a --value b'],
  },
});

let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedServer();
  server.script('/v1/variables/CI_LEVEL', { body: {} });
});
afterAll(() => server?.close());

describe('a body field named like a parameter', () => {
  it('makes the body one argument; a body without a clash keeps its fields as arguments', () => {
    const [set, update] = operationTools(operations);
    // Both are idempotent, so each also takes a wait (src/mcp/tool-wait.ts), never required.
    expect(Object.keys(update!.tool.inputSchema.properties as object)).toEqual(['name', 'body', 'wait']);
    expect(update!.tool.inputSchema.required).toEqual(['name', 'body']);
    expect(Object.keys(set!.tool.inputSchema.properties as object)).toEqual(['key', 'value', 'wait']);
  });

  it('is served, and the service receives the parameter in the path and the field in the body', async () => {
    const connected = await connect({ env: { SERVICE_BASE_URL: server.url, SERVICE_API_KEY: 'svc_test_key_123456' }, tools: operationTools(operations) });
    try {
      const result = await connected.client.callTool({
        name: 'actions_update-variable',
        arguments: { name: 'CI_LEVEL', body: { name: 'CI_TIER', value: '2' } },
      });
      expect(result.isError).toBeFalsy();
    } finally {
      await connected.close();
    }
    expect(server.received.map((r) => [`${r.method} ${r.url}`, JSON.parse(r.body)])).toEqual([
      ['PATCH /v1/variables/CI_LEVEL', { name: 'CI_TIER', value: '2' }],
    ]);
  });
});

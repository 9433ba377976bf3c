import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { loadAllOperations, type OperationSpec, workspace } from '../../registry/index.js';
import { DestructiveGate } from '../../src/mcp/destructive-gate.js';
import { listedTools, type ToolMode } from '../../src/mcp/mcp-server.js';
import { TOOLS_LIST_BUDGET_BYTES } from '../../src/mcp/serve.js';
import { operationTool, operationTools } from '../../src/mcp/tool-catalog.js';
import { eachBuild } from '../support/builds.js';
import { runSvcProcess } from '../support/svc.js';

/** The Workspace API's own tools (an imported area adds its own, and changes neither the snapshot nor this budget); `every`: all of them. */
const settingsFor = async (operations: 'workspace' | 'every' = 'workspace') => ({
  tools: operationTools(operations === 'every' ? await loadAllOperations() : workspace),
  filter: { readOnly: false },
  allowDestructive: false,
  globals: {},
  gate: new DestructiveGate(),
});
const snapshot = (mode: ToolMode) => JSON.parse(readFileSync(new URL(`./__toolsnaps__/${mode}.json`, import.meta.url), 'utf8')) as unknown;

describe('tools/list', () => {
  it.each(['tools', 'discover'] as const)('matches its committed snapshot in %s mode (regenerate on purpose: npm run mcp:toolsnap)', async (mode) => {
    expect({ tools: listedTools(await settingsFor(), mode) }).toEqual(snapshot(mode));
  });

  it(`stays under its budget of ${TOOLS_LIST_BUDGET_BYTES} bytes`, async () => {
    const settings = await settingsFor();
    expect(Buffer.byteLength(JSON.stringify({ tools: listedTools(settings, 'tools') }))).toBeLessThanOrEqual(TOOLS_LIST_BUDGET_BYTES);
    expect(Buffer.byteLength(JSON.stringify({ tools: listedTools(settings, 'discover') }))).toBeLessThanOrEqual(TOOLS_LIST_BUDGET_BYTES / 2);
  });

  it('names every tool validly, describes it and each argument, and sets all four annotations', async () => {
    for (const tool of listedTools(await settingsFor('every'), 'tools')) {
      expect(tool.name).toMatch(/^[A-Za-z0-9._-]{1,64}$/);
      expect(tool.description.length).toBeGreaterThan(20);
      expect(Object.keys(tool.annotations).sort()).toEqual(['destructiveHint', 'idempotentHint', 'openWorldHint', 'readOnlyHint']);
      expect(tool.annotations.openWorldHint).toBe(false);
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema).toMatchObject({ type: 'object', required: ['result'] });
      // An argument's meaning comes from the description: every one of svc's own areas has one.
      if (!Object.hasOwn(workspace, tool.name)) continue;
      for (const [name, schema] of Object.entries(tool.inputSchema.properties as Record<string, { description?: string }>))
        expect(schema.description, `${tool.name} ${name}`).toBeTruthy();
    }
  });

  it('refuses to make a tool of an operation without a safety value', () => {
    const op = { method: 'GET', path: '/a', summary: 'A thing', args: [], response: z.looseObject({}), examples: ['svc a'] } as unknown as OperationSpec;
    expect(() => operationTool('email_a_get', op)).toThrow('Operation email_a_get: declare its safety');
  });
});

eachBuild((build) => {
  describe('tools/list', () => {
    it('svc mcp tools prints the list and its size', async () => {
      const own = ['--areas', 'campaigns,crm,email,files'];
      const run = await runSvcProcess(['mcp', 'tools', '--read-only', ...own], { build, env: { SERVICE_BASE_URL: 'http://127.0.0.1:9/v1' } });
      expect(run.code).toBe(0);
      expect(
        run.stdout
          .trim()
          .split('\n')
          .map((line) => line.split(' ')[0]),
      ).toEqual(['crm_tasks_series_occurrences_list', 'email_drafts_get', 'email_templates_preview']);
      expect(run.stderr).toMatch(/^3 tools; tools\/list is \d+ bytes \(about \d+ tokens; budget 8192 bytes\)\n$/);
      const json = await runSvcProcess(['mcp', 'tools', '--json', ...own], { build, env: { SERVICE_BASE_URL: 'http://127.0.0.1:9/v1' } });
      expect(JSON.parse(json.stdout)).toEqual(snapshot('tools'));
      const one = await runSvcProcess(['mcp', 'tools', '--tools', 'email_drafts_get'], { build, env: { SERVICE_BASE_URL: 'http://127.0.0.1:9/v1' } });
      expect(one.stderr).toMatch(/^1 tool; tools\/list is \d+ bytes/);
    }, 60_000);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../../../src/mock/server.js';
import { runAndTrace } from '../../support/ran-sources.js';

let server: MockServer;
beforeAll(async () => {
  server = await startMockServer({ port: 0 });
});
afterAll(() => server.close());

/** The source files (src/…, registry/…, node_modules/…) whose code a real bin/svc ran for these arguments. */
async function ran(args: string[]): Promise<string[]> {
  const { sources } = await runAndTrace(args, { SERVICE_BASE_URL: server.url, SERVICE_API_KEY: server.apiKey });
  return [...sources];
}

describe("commands run only the code they need, read from V8's coverage of the npm build (the standalone binary runs no V8)", () => {
  it('help runs less than a call, and no area it does not name', async () => {
    const help = await ran(['--help']);
    const call = await ran(['crm', 'tasks', 'series', 'occurrences', 'list', 'ser_weekly']);
    expect(help.length).toBeLessThan(call.length);
    expect(call).toContain('registry/crm.ts');
    for (const area of ['email', 'campaigns', 'files']) expect(call).not.toContain(`registry/${area}.ts`);
    // registry/areas.ts names the areas and registry/api.ts the API's version: help needs both, and no operation.
    expect(help.filter((source) => source.startsWith('registry/') && !['registry/areas.ts', 'registry/api.ts'].includes(source))).toEqual([]);
  });

  const HEAVY = [
    'node_modules/yaml/',
    'src/output/yaml.ts',
    'node_modules/@jmespath-community/jmespath/',
    'src/openapi/',
    'src/output/table.ts',
    'src/output/html-text.ts',
  ];
  async function heavyRan(args: string[]): Promise<string[]> {
    const sources = await ran(args);
    return HEAVY.filter((marker) => sources.some((source) => source.startsWith(marker)));
  }

  // msw is bundled (a package that installs it would add dozens of packages), so it is found as the others are.
  it('an API call never runs msw; svc mock does', async () => {
    const call = await ran(['email', 'drafts', 'get', 'dr_123']);
    expect(call).toContain('src/cli/execute.ts');
    expect(call.filter((source) => source.startsWith('node_modules/msw/'))).toEqual([]);
    expect((await ran(['mock', '--help'])).some((source) => source.startsWith('node_modules/msw/'))).toBe(true);
  });

  // The MCP server and its SDK are bundled too; only svc mcp runs them.
  it('no other command runs the MCP server or its SDK; svc mcp tools does', async () => {
    const mcpCode = (sources: string[]) =>
      sources.filter((source) => source.startsWith('src/mcp/') || source.startsWith('node_modules/@modelcontextprotocol/'));
    for (const args of [
      ['email', 'drafts', 'get', 'dr_123'],
      ['mcp', '--help'],
    ])
      expect(mcpCode(await ran(args)), args.join(' ')).toEqual([]);
    expect(mcpCode(await ran(['mcp', 'tools'])).some((source) => source.startsWith('src/mcp/'))).toBe(true);
  }, 60_000);

  it('help, version and a plain JSON call run no YAML, JMESPath, table or OpenAPI code', async () => {
    for (const args of [['--help'], ['--version'], ['email', 'drafts', 'get', 'dr_123'], ['email', 'drafts', 'get', '--help']]) {
      expect(await heavyRan(args), args.join(' ')).toEqual([]);
    }
  });

  it('each runs when a command asks for it', async () => {
    expect(await heavyRan(['email', 'drafts', 'get', 'dr_123', '--output', 'yaml'])).toEqual(['src/output/yaml.ts']);
    expect(await heavyRan(['email', 'drafts', 'get', 'dr_123', '--query', 'draftId'])).toEqual(['node_modules/@jmespath-community/jmespath/']);
    expect(await heavyRan(['crm', 'tasks', 'series', 'occurrences', 'list', 'ser_weekly', '--output', 'table'])).toEqual(['src/output/table.ts']);
    expect(await heavyRan(['openapi'])).toEqual(['src/openapi/']);
    expect(await heavyRan(['openapi', '--format', 'yaml'])).toEqual(['src/output/yaml.ts', 'src/openapi/']);
  });

  const PAGING = ['src/cli/paginate.ts', 'src/client/pages.ts', 'src/client/link-header.ts', 'src/core/run-pacer.ts', 'src/client/pacer.ts'];
  // Read only when asked for: `--data key=@file` and `svc api -i`.
  const ON_REQUEST = ['src/input/field-files.ts', 'src/cli/include.ts'];
  it('the paging code runs only with --paginate; field files and -i only when asked for', async () => {
    for (const args of [
      ['crm', 'tasks', 'series', 'occurrences', 'list', 'ser_weekly'],
      ['api', 'GET', '/crm/tasks/series/ser_weekly/occurrences'],
    ]) {
      expect(
        (await ran(args)).filter((source) => PAGING.includes(source) || ON_REQUEST.includes(source)),
        args.join(' '),
      ).toEqual([]);
      expect((await ran([...args, '--paginate'])).filter((source) => PAGING.includes(source)).sort(), args.join(' ')).toEqual([...PAGING].sort());
    }
  });
});

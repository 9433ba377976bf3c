import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../../src/mock/server.js';
import { freshConfigDir, SVC_BIN, TEST_CACHE_HOME } from '../support/spawn-svc.js';

const TRACER = join(import.meta.dirname, '..', 'support', 'trace-imports.mjs');
let server: MockServer;
beforeAll(async () => {
  server = await startMockServer({ port: 0 });
});
afterAll(() => server.close());

/** The module URLs a real bin/svc process loads for these arguments. */
async function loadedModules(args: string[]): Promise<string[]> {
  const trace = join(freshConfigDir(), 'imports.txt');
  const env = { PATH: process.env.PATH ?? '', SVC_TRACE_IMPORTS: trace, SERVICE_BASE_URL: server.url, SERVICE_API_KEY: server.apiKey, SVC_CONFIG_DIR: freshConfigDir(), XDG_CACHE_HOME: TEST_CACHE_HOME };
  await promisify(execFile)(process.execPath, ['--import', TRACER, SVC_BIN, ...args], { env });
  return readFileSync(trace, 'utf8').trim().split('\n');
}

describe('commands load only what they need', () => {

  it('help loads fewer modules than a call, and no area it does not name', async () => {
    const help = await loadedModules(['--help']);
    const call = await loadedModules(['crm', 'tasks', 'series', 'occurrences', 'list', 'ser_weekly']);
    expect(help.length).toBeLessThan(call.length);
    for (const area of ['email', 'campaigns', 'files']) expect(call.filter((url) => new RegExp(`/chunks/${area}-`).test(url))).toEqual([]);
    expect(call.some((url) => /\/chunks\/crm-/.test(url))).toBe(true);
  });

  // esbuild marks each bundled source with a `// path` comment, so a loaded chunk says what it holds.
  const HEAVY = ['node_modules/yaml/', 'src/output/yaml.ts', 'node_modules/@jmespath-community/jmespath/', 'src/openapi/', 'src/output/table.ts', 'src/output/html-text.ts'];
  async function loadedSources(args: string[]): Promise<string> {
    const bundled = (await loadedModules(args)).filter((url) => url.includes('/dist/') && url.endsWith('.js'));
    return bundled.map((url) => readFileSync(fileURLToPath(url), 'utf8')).join('\n');
  }
  async function heavyLoaded(args: string[]): Promise<string[]> {
    const sources = await loadedSources(args);
    return HEAVY.filter((marker) => sources.includes(`// ${marker}`) || sources.includes(`/${marker}`));
  }

  // msw is bundled (a package that installs it would add dozens of packages), so it is found as the others are.
  it('an API call never loads msw; svc mock does', async () => {
    const call = await loadedModules(['email', 'drafts', 'get', 'dr_123']);
    expect(call.some((url) => url.includes('/dist/cli.js'))).toBe(true);
    expect(call.filter((url) => url.includes('/node_modules/'))).toEqual([]);
    expect(await loadedSources(['email', 'drafts', 'get', 'dr_123'])).not.toContain('// node_modules/msw/');
    expect(await loadedSources(['mock', '--help'])).toContain('// node_modules/msw/');
  });

  it('help, version and a plain JSON call load no YAML, JMESPath, table or OpenAPI code', async () => {
    for (const args of [['--help'], ['--version'], ['email', 'drafts', 'get', 'dr_123'], ['email', 'drafts', 'get', '--help']]) {
      expect(await heavyLoaded(args), args.join(' ')).toEqual([]);
    }
  });

  it('each loads when a command asks for it', async () => {
    expect(await heavyLoaded(['email', 'drafts', 'get', 'dr_123', '--output', 'yaml'])).toEqual(['src/output/yaml.ts']);
    expect(await heavyLoaded(['email', 'drafts', 'get', 'dr_123', '--query', 'draftId'])).toEqual(['node_modules/@jmespath-community/jmespath/']);
    expect(await heavyLoaded(['crm', 'tasks', 'series', 'occurrences', 'list', 'ser_weekly', '--output', 'table'])).toEqual(['src/output/table.ts']);
    expect(await heavyLoaded(['openapi'])).toEqual(['src/openapi/']);
    expect(await heavyLoaded(['openapi', '--format', 'yaml'])).toEqual(['src/output/yaml.ts', 'src/openapi/']);
  });
});

import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../../src/mock/server.js';
import { freshConfigDir, SVC_BIN } from '../support/spawn-svc.js';

const TRACER = join(import.meta.dirname, '..', 'support', 'trace-imports.mjs');
let server: MockServer;
beforeAll(async () => {
  server = await startMockServer({ port: 0 });
});
afterAll(() => server.close());

/** The module URLs a real bin/svc process loads for these arguments. */
async function loadedModules(args: string[]): Promise<string[]> {
  const trace = join(freshConfigDir(), 'imports.txt');
  const env = { PATH: process.env.PATH ?? '', SVC_TRACE_IMPORTS: trace, SERVICE_BASE_URL: server.url, SERVICE_API_KEY: server.apiKey, SVC_CONFIG_DIR: freshConfigDir() };
  await promisify(execFile)(process.execPath, ['--import', TRACER, SVC_BIN, ...args], { env });
  return readFileSync(trace, 'utf8').trim().split('\n');
}

describe('commands load only what they need', () => {
  it('an API call never imports msw; svc mock does', async () => {
    const call = await loadedModules(['email', 'drafts', 'get', 'dr_123']);
    expect(call.some((url) => url.includes('/dist/cli.js'))).toBe(true);
    expect(call.filter((url) => url.includes('/node_modules/msw/'))).toEqual([]);
    const help = await loadedModules(['mock', '--help']);
    expect(help.some((url) => url.includes('/node_modules/msw/'))).toBe(true);
  });

  it('help loads fewer modules than a call, and no area it does not name', async () => {
    const help = await loadedModules(['--help']);
    const call = await loadedModules(['crm', 'tasks', 'series', 'occurrences', 'list', 'ser_weekly']);
    expect(help.length).toBeLessThan(call.length);
    for (const area of ['email', 'campaigns', 'files']) expect(call.filter((url) => new RegExp(`/chunks/${area}-`).test(url))).toEqual([]);
    expect(call.some((url) => /\/chunks\/crm-/.test(url))).toBe(true);
  });
});

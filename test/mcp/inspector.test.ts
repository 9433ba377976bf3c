// A smoke test with the MCP Inspector's CLI (@modelcontextprotocol/inspector-cli, a client on the
// SDK's 1.x line): it starts svc mcp of each build over stdio, lists the tools and calls one.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { useMockForSvc } from '../support/mock-for-svc.js';
import { eachBuild, type SvcBuild } from '../support/builds.js';
import { TEST_CACHE_HOME, freshConfigDir } from '../support/svc.js';
import { OWN_AREAS_ENV } from './own-areas.js';

// Run from its build folder: the CLI finds its own package.json relative to the working folder.
const BUILD = join(dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/inspector-cli/package.json')), 'build');
const mock = useMockForSvc();

async function inspector(build: SvcBuild, args: string[]): Promise<unknown> {
  const env = {
    PATH: build.path,
    HOME: process.env.HOME ?? '',
    ...mock.env,
    SVC_CONFIG_DIR: freshConfigDir(),
    XDG_CACHE_HOME: TEST_CACHE_HOME,
    ...OWN_AREAS_ENV,
  };
  const { stdout } = await promisify(execFile)(process.execPath, [join(BUILD, 'index.js'), ...build.command, 'mcp', ...args], {
    cwd: BUILD,
    env,
    timeout: 60_000,
  });
  return JSON.parse(stdout);
}

eachBuild((build) => {
  describe('the MCP Inspector CLI', () => {
    it('lists the tools of svc mcp and calls one', async () => {
      const listed = (await inspector(build, ['--method', 'tools/list'])) as { tools: { name: string }[] };
      expect(listed.tools.map((tool) => tool.name)).toContain('email_drafts_get');
      const called = (await inspector(build, ['--method', 'tools/call', '--tool-name', 'email_drafts_get', '--tool-arg', 'draftId=dr_123'])) as {
        structuredContent: unknown;
        isError?: boolean;
      };
      expect(called.isError).toBeFalsy();
      expect(called.structuredContent).toMatchObject({ result: { draftId: 'dr_123' } });
      expect(mock.server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/email/drafts/dr_123']);
    }, 90_000);
  });
});

import { describe, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../../../src/mock/server.js';
import { eachBuild } from '../../support/builds.js';
import { IN_A_RETRY_WAIT, startSvcProcess } from '../../support/svc.js';
import { startScriptedServer } from '../../support/scripted-server.js';
import { writeCases } from '../../commands/tables/fault-cases.js';

// A real stop signal to the real bin/svc while a call is in flight or waits to retry, and while
// --paginate reads a page: one line, the documented exit code, nothing sent after it.

/** A fresh mock per case, closed when it ends. */
async function withMock<T>(test: (server: MockServer, env: Record<string, string>) => Promise<T>): Promise<T> {
  const server = await startMockServer({ port: 0 });
  try {
    return await test(server, { SERVICE_BASE_URL: server.url, SERVICE_API_KEY: server.apiKey, SVC_RETRY_BASE_MS: '1' });
  } finally {
    await server.close();
  }
}

/** Polls until `condition` holds. The bound only guards against a hang: svc's start-up alone takes seconds on a loaded machine. */
async function waitFor(condition: () => boolean): Promise<void> {
  for (const deadline = Date.now() + 30_000; !condition() && Date.now() < deadline;) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(condition()).toBe(true);
}

eachBuild((build) => {
  describe('Ctrl-C', () => {
    it('aborts the write in flight: exit 130, one line saying it may have been applied, no stack trace', async () => {
      await withMock(async (server, env) => {
        server.injectFaults('slow=10000');
        const svc = startSvcProcess(writeCases[0]!.op.argv, { build, env });
        await waitFor(() => server.requests.length === 1);
        svc.child.kill('SIGINT');
        const run = await svc.done;
        expect(run).toEqual({
          code: 130,
          stdout: '',
          stderr: 'svc: the request was interrupted; the POST may have been applied: check before sending it again\n',
        });
        expect(server.requests).toHaveLength(1);
      });
    });

    it('aborts a wait between retries: exit 130, no further attempt', async () => {
      await withMock(async (server, env) => {
        server.injectFaults('503', 10);
        const svc = startSvcProcess(['email', 'drafts', 'get', 'dr_123', '--debug'], { build, env: { ...env, SVC_RETRY_BASE_MS: '60000' } });
        await svc.stderrMatches(IN_A_RETRY_WAIT);
        const sent = server.requests.length;
        svc.child.kill('SIGINT');
        const run = await svc.done;
        expect(run.code).toBe(130);
        expect(run.stderr).toMatch(/\nsvc: interrupted while waiting to retry( \(after \d attempts\))?\n$/);
        expect(run.stderr).not.toMatch(/\n\s+at /);
        expect(server.requests).toHaveLength(sent);
      });
    });
  });

  describe('--paginate', () => {
    const TOKEN = 'svc_agent_pagingsecret';
    const env = (server: { url: string }) => ({ SERVICE_BASE_URL: server.url, SERVICE_API_KEY: TOKEN, SVC_RETRY_BASE_MS: '1' });
    const list = ['api', 'GET', '/items', '--paginate'];
    const stderrLines = (text: string) => text.trimEnd().split('\n').filter(Boolean);
    const SLOW = { timeoutMs: 40_000 };
    const scripted = async (onTestFinished: (fn: () => Promise<void>) => void) => {
      const server = await startScriptedServer();
      onTestFinished(() => server.close());
      return server;
    };

    it('SIGTERM while a page is read: the pages before it are printed, exit 143', async ({ onTestFinished }) => {
      const server = await scripted(onTestFinished);
      server.script('/v1/items', { body: [{ id: 1 }], headers: { link: '<items?page=2>; rel="next"' } });
      server.script('/v1/items?page=2', { hold: true, body: [{ id: 2 }] });
      const svc = startSvcProcess(list, { build, env: env(server), ...SLOW });
      await server.receivedCount(2);
      svc.child.kill('SIGTERM');
      const run = await svc.done;
      server.release();
      expect(run.code).toBe(143);
      expect(JSON.parse(run.stdout)).toEqual([{ id: 1 }]);
      expect(stderrLines(run.stderr)).toEqual([expect.stringMatching(/^svc: page 2 failed: .*interrupted \(SIGTERM\).*; the page before it is printed$/)]);
    });
  });
});

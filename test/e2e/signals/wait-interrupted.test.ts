import { describe, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../../../src/mock/server.js';
import { eachBuild } from '../../support/builds.js';
import { startSvcProcess } from '../../support/svc.js';

// A real stop signal to svc, of each build, while --wait-for waits: between polls, or with a poll in
// flight. It ends at once, with one line and the signal's code, and sends nothing more.

async function withMock<T>(test: (server: MockServer, env: Record<string, string>) => Promise<T>): Promise<T> {
  const server = await startMockServer({ port: 0, syncAfter: 'never' });
  try {
    return await test(server, { SERVICE_BASE_URL: server.url, SERVICE_API_KEY: server.apiKey });
  } finally {
    await server.close();
  }
}

/** Polls until `condition` holds. The bound only guards against a hang: svc's start-up alone takes seconds on a loaded machine. */
async function waitFor(condition: () => boolean): Promise<void> {
  for (const deadline = Date.now() + 30_000; !condition() && Date.now() < deadline;) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(condition()).toBe(true);
}

const waiting = ['email', 'drafts', 'get', 'dr_456', '--wait-for', "syncStatus == 'synced'", '--debug'];

eachBuild((build) => {
  describe('a wait stopped by a signal', () => {
    it('Ctrl-C in the pause between polls: exit 130 at once, however long the pause, nothing more sent', async () => {
      await withMock(async (server, env) => {
        const svc = startSvcProcess([...waiting, '--wait-interval', '1h', '--wait-timeout', '2h'], { build, env });
        await svc.stderrMatches(/^\* wait: poll 1 at .*; next poll in 1 h\n/m);
        svc.child.kill('SIGINT');
        const run = await svc.done;
        expect(run.code).toBe(130);
        expect(run.stdout).toBe('');
        expect(run.stderr).toMatch(/\nsvc: interrupted while waiting for syncStatus == 'synced', after 1 poll in \S+ m?s \(syncStatus: pending\)\n$/);
        expect(run.stderr).not.toMatch(/\n\s+at /);
        expect(server.requests).toHaveLength(1);
      });
    });

    it('SIGTERM with a poll in flight: exit 143, naming the signal', async () => {
      await withMock(async (server, env) => {
        const svc = startSvcProcess([...waiting, '--wait-interval', '0.2'], { build, env });
        await svc.stderrMatches(/^\* wait: poll 1 at /m);
        server.injectFaults('slow=20000');
        await waitFor(() => server.requests.length === 2);
        svc.child.kill('SIGTERM');
        const run = await svc.done;
        expect(run.code).toBe(143);
        expect(run.stderr).toMatch(
          /\nsvc: interrupted \(SIGTERM\) while waiting for syncStatus == 'synced', after 2 polls in \S+ m?s \(syncStatus: pending\)\n$/,
        );
        expect(server.requests).toHaveLength(2);
      });
    });
  });
});

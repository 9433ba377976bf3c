import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HostileServer, startHostileServer } from '../support/hostile-server.js';
import { runSvc } from '../support/svc.js';
import { hostileCases } from './tables/hostile-cases.js';
import { tempFolder } from '../support/temp-folder.js';

// The real bin/svc against a real server on 127.0.0.1 that answers the ways a broken proxy, a
// failing server or an attacker would: one clear line, a documented exit code, never a stack trace.
let server: HostileServer;
beforeAll(async () => {
  server = await startHostileServer();
});
afterAll(() => server.close());

const env = () => ({ SERVICE_BASE_URL: server.url, SERVICE_API_KEY: 'svc_agent_hostileTests1234', SVC_RETRY_BASE_MS: '1' });

describe.concurrent('hostile and broken responses', () => {
  it.each(hostileCases.map((c, index) => ({ ...c, key: `${c.behaviour}~${index}` })))(
    '$behaviour $args -> exit $code',
    async ({ key, args = [], code, stderr, stdout, hits }) => {
      const run = await runSvc(['email', 'drafts', 'get', key, ...args], { env: env() });
      expect(run.code).toBe(code);
      if (typeof stderr === 'string') expect(run.stderr).toBe(stderr);
      else expect(run.stderr).toMatch(stderr);
      if (typeof stdout === 'string') expect(run.stdout).toBe(stdout);
      else if (stdout) expect(run.stdout).toMatch(stdout);
      else expect(run.stdout).toBe('');
      expect(run.stderr).not.toMatch(/\n\s+at |Error:|node:internal/); // never a stack trace
      expect(run.stderr.split('\n').filter(Boolean).length).toBeLessThanOrEqual(1);
      expect(server.hits.get(key)).toBe(hits);
    },
  );
});

describe('a body of hundreds of megabytes', () => {
  it('announced by Content-Length, it is refused before its body is read', async () => {
    const run = await runSvc(['email', 'drafts', 'get', 'huge-declared~early'], { env: env() });
    expect(run.code).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((server.served.get('huge-declared~early') ?? 0) / 1024 / 1024).toBeLessThan(16);
  });
});

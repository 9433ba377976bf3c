import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../../src/mock/server.js';
import { freshConfigDir, runSvc } from '../support/svc.js';
import { exhaustedCases, recoveringCases, writeCases } from './tables/fault-cases.js';

// svc, run in-process, against the mock, faulted from the server side (server.injectFaults), so what
// svc sends is exactly what a user's svc sends. The server's request log is the proof.

/** A fresh mock per case, so cases run concurrently and each log holds only its own requests. */
async function withMock<T>(test: (server: MockServer, env: Record<string, string>) => Promise<T>): Promise<T> {
  const server = await startMockServer({ port: 0 });
  try {
    return await test(server, { SERVICE_BASE_URL: server.url, SERVICE_API_KEY: server.apiKey, SVC_RETRY_BASE_MS: '1' });
  } finally {
    await server.close();
  }
}

const apiRequests = (server: MockServer) => server.requests.map((r) => `${r.method} ${r.path} ${r.body}`);

let writesDuplicated = 0;
afterAll(() => expect(writesDuplicated).toBe(0));

describe.concurrent('a write is never sent twice', () => {
  it.each(writeCases)('$op.name, faulted with $fault on every attempt: exactly one request, exit $code', async ({ op, fault, code, stderr, args = [] }) => {
    await withMock(async (server, env) => {
      const before = JSON.stringify(server.state());
      server.injectFaults(fault, 10);
      const run = await runSvc([...op.argv, ...args], { env });
      const writes = server.requests.filter((r) => r.method === 'POST');
      writesDuplicated += Math.max(0, writes.length - 1);
      expect(writes).toHaveLength(1);
      expect(run.code).toBe(code);
      expect(run.stderr).toMatch(stderr);
      expect(run.stderr).not.toContain('attempts');
      expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(JSON.stringify(server.state())).toBe(before); // a faulted request changes nothing
    });
  });

  it('a lost answer to a write says it may have been applied', async () => {
    await withMock(async (server, env) => {
      server.injectFaults('reset');
      const run = await runSvc(writeCases[0]!.op.argv, { env });
      expect(run.stderr).toMatch(/was closed before the answer was complete; the POST may have been applied: check before sending it again\n$/);
    });
  });
});

describe.concurrent('idempotent operations are retried', () => {
  /** Each operation's answer from a fresh, unfaulted mock. */
  const cleanAnswers = new Map<string, string>();
  beforeAll(async () => {
    for (const op of new Set(recoveringCases.map((c) => c.op))) {
      const run = await withMock((_, env) => runSvc(op.argv, { env }));
      expect(run).toMatchObject({ code: 0, stderr: '' });
      cleanAnswers.set(op.name, run.stdout);
    }
  }, 60_000);

  it.each(recoveringCases)('$op.name recovers from $fault twice: three identical requests, exit 0', async ({ op, fault }) => {
    await withMock(async (server, env) => {
      server.injectFaults(fault, 2);
      const run = await runSvc(op.argv, { env });
      // The whole answer: byte for byte the one an unfaulted server gives.
      expect(run).toEqual({ code: 0, stdout: cleanAnswers.get(op.name), stderr: '' });
      const sent = apiRequests(server);
      expect(sent).toHaveLength(3);
      expect(new Set(sent).size).toBe(1);
    });
  });

  it.each(exhaustedCases)(
    '$fault on every attempt: retried only if it may pass, then one line and exit $code',
    async ({ op, fault, code, stderr, retryable, args = [] }) => {
      await withMock(async (server, env) => {
        server.injectFaults(fault, 10);
        const run = await runSvc([...op.argv, ...args], { env });
        expect(server.requests).toHaveLength(retryable ? 4 : 1);
        expect(run.code).toBe(code);
        expect(run.stderr).toMatch(stderr);
        expect(run.stderr).toMatch(retryable ? / \(after 4 attempts\)\n$/ : /[^)]\n$/);
        expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
      });
    },
  );

  it('--retries 0 turns retrying off; --retries 1 allows one', async () => {
    await withMock(async (server, env) => {
      server.injectFaults('503', 10);
      expect((await runSvc(['email', 'drafts', 'get', 'dr_123', '--retries', '0'], { env })).code).toBe(1);
      expect(server.requests).toHaveLength(1);
      const one = await runSvc(['email', 'drafts', 'get', 'dr_123', '--retries=1'], { env });
      expect(one.stderr).toMatch(/\(after 2 attempts\)\n$/);
      expect(server.requests).toHaveLength(3);
    });
  });

  it("the profile's retries setting is used, and --retries wins over it", async () => {
    await withMock(async (server, env) => {
      const own = { ...env, SVC_CONFIG_DIR: freshConfigDir() };
      expect((await runSvc(['config', 'set', 'retries', '1'], { env: own })).code).toBe(0);
      server.injectFaults('503', 10);
      await runSvc(['email', 'drafts', 'get', 'dr_123'], { env: own });
      expect(server.requests).toHaveLength(2);
      await runSvc(['email', 'drafts', 'get', 'dr_123', '--retries', '2'], { env: own });
      expect(server.requests).toHaveLength(5);
    });
  });
});

describe.concurrent('--debug shows each attempt, its wait and why', () => {
  it('a GET: retrying with backoff; a POST: not retrying, and why', async () => {
    await withMock(async (server, env) => {
      server.injectFaults('503', 1);
      const get = await runSvc(['email', 'drafts', 'get', 'dr_123', '--debug'], { env });
      expect(get.code).toBe(0);
      expect(get.stderr).toMatch(/\* attempt 1 of 4 failed: HTTP 503; retrying in \d+(\.\d+)?s \(backoff; GET is idempotent\)\n\* attempt 2\n> GET /);
      server.injectFaults('503', 1);
      const post = await runSvc([...writeCases[0]!.op.argv, '--debug'], { env });
      expect(post.code).toBe(1);
      expect(post.stderr).toContain('* attempt 1 of 4 failed: HTTP 503; not retrying: POST is not idempotent and may have reached the server\n');
    });
  });

  it('Retry-After is honoured: the wait is what the service asked', async () => {
    await withMock(async (server, env) => {
      server.injectFaults('429;retry-after=1', 1);
      const started = performance.now();
      const run = await runSvc(['email', 'drafts', 'get', 'dr_123', '--debug'], { env });
      expect(run.code).toBe(0);
      expect(run.stderr).toContain('* attempt 1 of 4 failed: HTTP 429; retrying in 1s (Retry-After: 1)\n');
      expect(performance.now() - started).toBeGreaterThanOrEqual(1000);
      expect(server.requests).toHaveLength(2);
    });
  });
});

/** A port with nothing listening on it (yet). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('connection refused: nothing was sent, so even a write may be tried again', () => {
  it('a POST refused at first is sent once the service listens: exactly one write arrives', async () => {
    const port = await freePort();
    const env = { SERVICE_BASE_URL: `http://127.0.0.1:${port}/v1`, SERVICE_API_KEY: 'svc_mock_key', SVC_RETRY_BASE_MS: '200' };
    let stderr = '';
    let refused!: () => void;
    const firstRefused = new Promise<void>((resolve) => (refused = resolve));
    const running = runSvc([...writeCases[0]!.op.argv, '--retries', '10', '--debug'], {
      env,
      onStderr: (text) => {
        stderr += text;
        if (/attempt 1 of 11 failed: connection refused; retrying in .* \(backoff; nothing was sent\)/.test(stderr)) refused();
      },
    });
    await firstRefused;
    const server = await startMockServer({ port });
    try {
      const run = await running;
      expect(run.code).toBe(0);
      expect(JSON.parse(run.stdout)).toEqual({ enrollmentId: expect.any(String) });
      expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it('still refused after every retry: exit 3, one line', async () => {
    const port = await freePort();
    const run = await runSvc(writeCases[0]!.op.argv, {
      env: { SERVICE_BASE_URL: `http://127.0.0.1:${port}/v1`, SERVICE_API_KEY: 'k_12345678', SVC_RETRY_BASE_MS: '1' },
    });
    expect(run).toEqual({ code: 3, stdout: '', stderr: `svc: could not connect to 127.0.0.1:${port}: connection refused (after 4 attempts)\n` });
  });
});

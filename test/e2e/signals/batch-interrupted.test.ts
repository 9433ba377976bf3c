import { describe, expect, it } from 'vitest';
import { startMockServer } from '../../../src/mock/server.js';
import { leads, postsPerEmail, records } from '../../support/batch-lines.js';
import { useMockForSvc } from '../../support/mock-for-svc.js';
import { eachBuild } from '../../support/builds.js';
import { startSvcProcess } from '../../support/svc.js';

// Ctrl-C in the middle of a batch: a real signal to the real bin/svc against the mock on 127.0.0.1.
const mock = useMockForSvc({ latencyMs: 5 });

eachBuild((build) => {
  describe('svc batch: Ctrl-C mid-batch', () => {
    it('stops taking lines, finishes the calls in flight, writes their records and exits 130', async () => {
      const slow = await startMockServer({ port: 0, latencyMs: 25 });
      try {
        // svc stops reading at Ctrl-C: the rest of the input meets a closed pipe, which the helper ignores.
        const svc = startSvcProcess(['campaigns', 'person', 'add', '--input', '-', '--concurrency', '4'], {
          build,
          env: { SERVICE_BASE_URL: slow.url, SERVICE_API_KEY: slow.apiKey },
          input: leads(2000),
          timeoutMs: 30_000,
        });
        await svc.linesOut(21);
        svc.child.kill('SIGINT');
        const { code, stdout, stderr } = await svc.done;
        expect(code).toBe(130);
        expect(stdout.endsWith('\n')).toBe(true); // no half-written record
        const out = records(stdout);
        expect(out.length).toBeGreaterThan(20);
        expect(out.length).toBeLessThan(2000);
        // Every record is a line the mock received, and every line the mock received has its record.
        expect(out.map((r) => r.line)).toEqual([...Array(out.length).keys()].map((i) => i + 1));
        expect(out.every((r) => r.ok)).toBe(true);
        const received = slow.requests.map((r) => (JSON.parse(r.body) as { email: string }).email);
        expect(received.sort()).toEqual(out.map((r) => `lead${r.line}@example.com`).sort());
        expect(stderr).toBe(`svc: interrupted: ${out.length} lines done, ${out.length} succeeded, 0 failed; lines after line ${out.length} were not started\n`);
      } finally {
        await slow.close();
      }
    });

    it('Ctrl-C while standard input sends nothing more still ends the batch', async () => {
      const svc = startSvcProcess(['campaigns', 'person', 'add', '--input', '-'], { build, env: mock.env, keepInputOpen: true, timeoutMs: 30_000 });
      svc.child.stdin!.write(leads(2)); // and never ends
      await svc.linesOut(2); // both records are out
      svc.child.kill('SIGINT');
      const { code, stdout } = await svc.done;
      expect(code).toBe(130);
      expect(records(stdout).map((r) => r.line)).toEqual([1, 2]);
      expect(Object.keys(postsPerEmail(mock.server))).toHaveLength(2);
    });
  });
});

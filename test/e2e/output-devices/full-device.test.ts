import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useMockForSvc } from '../../support/mock-for-svc.js';
import { eachBuild, type SvcBuild } from '../../support/builds.js';
import { startSvcProcess } from '../../support/svc.js';

// Standard output on a full device (/dev/full), as `svc … >/dev/full` in a shell: the write fails in
// the process's own descriptor. Once a request was sent, the failure says so, never "nothing was sent".
const mock = useMockForSvc();
const CREATE = ['crm', 'entries', 'create', 'deals', '--data', 'name=Acme'];
const posts = () => mock.server.requests.filter((r) => r.method === 'POST');
const temp: string[] = [];
afterEach(() => temp.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** svc with stdout on /dev/full. */
async function svcIntoFullDevice(args: string[], build: SvcBuild): Promise<{ code: number; stderr: string }> {
  const full = openSync('/dev/full', 'w');
  const svc = startSvcProcess(args, { build, env: mock.env, stdoutFd: full });
  closeSync(full);
  const { code, stderr } = await svc.done;
  return { code, stderr };
}

eachBuild((build) => {
  describe('standard output on a full device', () => {
    it('stdout on a full device: one line naming the output and the reason, exit 6, the POST sent once', async () => {
      const run = await svcIntoFullDevice(CREATE, build);
      expect(run.code).toBe(6);
      expect(run.stderr).toBe('svc: cannot write to standard output (/dev/full): no space left on device (the POST was sent and answered HTTP 201)\n');
      expect(posts()).toHaveLength(1);
    });
    it.each([[['ops']], [['--help']], [[...CREATE, '--dry-run']], [['email', 'drafts', 'get', 'dr_123', '--output', 'yaml']]])(
      '%j into a full device: exit 6, no stack trace',
      async (args) => {
        const run = await svcIntoFullDevice(args, build);
        expect(run.code).toBe(6);
        expect(run.stderr).toMatch(/^svc: cannot write to standard output \(\/dev\/full\): no space left on device.*\n$/);
        expect(run.stderr).not.toMatch(/\n\s+at /);
      },
    );
    it('a batch into a full device: it stops taking lines, one summary line naming the output, exit 6, no stack trace', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'svc-batch-'));
      temp.push(dir);
      const input = join(dir, 'deals.ndjson');
      writeFileSync(input, Array.from({ length: 300 }, (_, i) => `{"data":{"name":"n${i + 1}"}}\n`).join(''));
      const run = await svcIntoFullDevice(['crm', 'entries', 'create', 'deals', '--input', input], build);
      expect(run.code).toBe(6);
      const summary =
        /^svc: stopped: cannot write to standard output \(\/dev\/full\): no space left on device, before any record was written: (\d+) lines done, \1 succeeded, 0 failed; lines after line \1 were not started\n$/.exec(
          run.stderr,
        );
      expect(summary, run.stderr).not.toBeNull();
      // Every line started was sent and is counted; no line after the failure was started.
      expect(posts()).toHaveLength(Number(summary![1]));
      expect(posts().length).toBeLessThan(300);
    });
  });
});

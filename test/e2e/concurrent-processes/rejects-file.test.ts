import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useMockForSvc } from '../../support/mock-for-svc.js';
import { eachBuild, shellCommand, type SvcBuild } from '../../support/builds.js';
import { freshConfigDir, startSvcProcess } from '../../support/svc.js';
import { tempFolder } from '../../support/temp-folder.js';
import { concurrentRejectRuns, sameFileCases } from '../../commands/tables/file-cases.js';

// The rejects file is never a file svc reads, nor standard output's, and two runs never share one:
// through real processes, real links, descriptors and redirections.
const mock = useMockForSvc({ latencyMs: 20 });

/** Input lines emptied or failed lines missing from a rejects file (README: "Lines lost to a shared or clobbered file"). */
let linesLost = 0;
afterAll(() => expect(linesLost).toBe(0));
const countLost = (expected: string, actual: string) =>
  (linesLost += expected.split('\n').filter((line) => line !== '' && !actual.split('\n').includes(line)).length);
/** Odd lines lack their email: each fails, unsent, and belongs in the rejects file. */
const leads = (count: number) =>
  Array.from(
    { length: count },
    (_, i) => `${JSON.stringify(i % 2 ? { sequenceId: 'seq_123' } : { sequenceId: 'seq_123', email: `l${i + 1}@example.com` })}\n`,
  ).join('');

/** Runs `script` in sh, each SVC in it the build's svc. */
function shell(script: string, cwd: string, build: SvcBuild): Promise<{ code: number; stderr: string }> {
  const env = { PATH: build.path, HOME: cwd, SVC_CONFIG_DIR: freshConfigDir(), ...mock.env };
  return new Promise((resolve) => {
    execFile('/bin/sh', ['-c', script.replaceAll('SVC', shellCommand(build))], { cwd, env, timeout: 15_000 }, (error, _stdout, stderr) =>
      resolve({ code: error ? Number(error.code) : 0, stderr }),
    );
  });
}

eachBuild((build) => {
  describe('a rejects file that is a file svc reads or standard output', () => {
    it.each(sameFileCases)('$name: refused, exit 2, nothing sent, nothing emptied', async ({ shell: script, role }) => {
      const folder = tempFolder('svc-rejects-');
      mkdirSync(join(folder, 'sub'));
      const input = leads(4);
      writeFileSync(join(folder, 'leads.ndjson'), input);
      const run = await shell(script, folder, build);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(new RegExp(`^svc: --(rejects|save-html) \\S+ is ${role}; name another file\\n$`));
      countLost(input, readFileSync(join(folder, 'leads.ndjson'), 'utf8'));
      expect(readFileSync(join(folder, 'leads.ndjson'), 'utf8')).toBe(input);
      expect(mock.server.requests).toEqual([]);
    });

    it('a terminal or /dev/null is not a file to protect: --rejects /dev/null runs', async () => {
      const folder = tempFolder('svc-rejects-');
      writeFileSync(join(folder, 'leads.ndjson'), leads(4));
      const run = await shell('SVC campaigns person add --input leads.ndjson --rejects /dev/null > out.ndjson', folder, build);
      expect(run.code).toBe(1); // two lines failed
      expect(run.stderr).toMatch(/^svc: 4 lines: 2 succeeded, 2 failed \(written to \/dev\/null\)/);
    });
  });

  describe('runs given the same rejects file', () => {
    it(`${concurrentRejectRuns} at once: the first holds it to the end, the others are refused before a line is sent; no line is lost`, async () => {
      const folder = tempFolder('svc-rejects-');
      const rejects = join(folder, 'failed.ndjson');
      const input = leads(200);
      mkdirSync(join(folder, 'sub')); // the others name the file through it
      const first = startSvcProcess(['campaigns', 'person', 'add', '--input', '-', '--concurrency', '2', '--rejects', rejects], {
        build,
        env: mock.env,
        keepInputOpen: true,
        timeoutMs: 20_000,
      });
      // Its input stays open until the others are refused: the first run still holds the file then,
      // however slowly they start, instead of racing them to the end of its 200 lines.
      first.child.stdin!.write(input);
      await first.linesOut(2);
      const others = Array.from({ length: concurrentRejectRuns - 1 }, () =>
        startSvcProcess(['campaigns', 'person', 'add', '--input', '-', '--rejects', join(folder, 'sub', '..', 'failed.ndjson')], {
          build,
          env: { ...mock.env },
          keepInputOpen: true,
          timeoutMs: 20_000,
        }),
      );
      for (const other of others) other.child.stdin!.end(input);
      for (const other of others) {
        expect(await other.exited).toBe(2);
        expect(other.stderr()).toMatch(/^svc: --rejects \S+ is being written by another svc \(pid \d+\); give each run its own rejects file\n$/);
      }
      first.child.stdin!.end();
      expect(await first.exited).toBe(1);
      const failedLines = input.split('\n').filter((line) => line !== '' && !line.includes('email'));
      countLost(failedLines.join('\n'), readFileSync(rejects, 'utf8'));
      expect(readFileSync(rejects, 'utf8')).toBe(failedLines.map((line) => `${line}\n`).join(''));
      expect(mock.server.requests).toHaveLength(100); // only the first run's lines were sent
      expect(existsSync(`${rejects}.lock`)).toBe(false);
    });

    it('a lock left by a killed svc (its process gone) is taken over', async () => {
      const folder = tempFolder('svc-rejects-');
      const rejects = join(folder, 'failed.ndjson');
      writeFileSync(rejects, 'old\n');
      writeFileSync(`${rejects}.lock`, '999999999');
      writeFileSync(join(folder, 'leads.ndjson'), leads(2));
      const run = await shell(`SVC campaigns person add --input leads.ndjson --rejects failed.ndjson`, folder, build);
      expect(run.code).toBe(1);
      expect(readFileSync(rejects, 'utf8')).toBe(`${JSON.stringify({ sequenceId: 'seq_123' })}\n`);
      expect(existsSync(`${rejects}.lock`)).toBe(false);
    });

    it('SIGTERM mid-batch still releases the lock', async () => {
      const folder = tempFolder('svc-rejects-');
      const rejects = join(folder, 'failed.ndjson');
      const run = startSvcProcess(['campaigns', 'person', 'add', '--input', '-', '--rejects', rejects], {
        build,
        env: mock.env,
        keepInputOpen: true,
        timeoutMs: 20_000,
      });
      run.child.stdin!.end(leads(400));
      await run.linesOut(4);
      expect(existsSync(`${rejects}.lock`)).toBe(true);
      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(143);
      expect(existsSync(`${rejects}.lock`)).toBe(false);
    });
  });
});

import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../../../src/mock/server.js';
import { eachBuild } from '../../support/builds.js';
import { type SvcProcess, startSvcProcess } from '../../support/svc.js';
import { tempFolder } from '../../support/temp-folder.js';

// A CI job's time runs out while svc reads an input that does not end (`--input - < /dev/zero`, a
// pipe whose one line goes on): SIGTERM ends svc at once, with its summary and exit 143, in each
// build. A runtime that reads a file on standard input in a loop that lets no signal handler run
// would go on until the job's SIGKILL.
let mock: MockServer;
beforeAll(async () => {
  mock = await startMockServer({ port: 0 });
});
afterAll(() => mock.close());

const ADD = ['campaigns', 'person', 'add'];
const env = () => ({ SERVICE_BASE_URL: mock.url, SERVICE_API_KEY: mock.apiKey });
/** Killed with SIGKILL (137) if SIGTERM has not ended it: far longer than an orderly stop takes under load. */
const GUARD_MS = 30_000;

/** What svc has read from a file or device: Linux's count of the bytes its read() calls returned. */
const readByProcess = (svc: SvcProcess) => (): number => Number(/^rchar: (\d+)$/m.exec(readFileSync(`/proc/${svc.child.pid}/io`, 'utf8'))?.[1] ?? 0);

/** SIGTERM once svc has read 32 MiB of its endless input, so the signal lands mid-read, not before it; its exit code, output and error. */
async function terminatedMidRead(svc: SvcProcess, read = readByProcess(svc)) {
  for (const started = Date.now(); read() < 32 * 1024 * 1024;) {
    if (Date.now() - started > 20_000) throw new Error(`svc read ${read()} bytes in 20 s: ${svc.stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  svc.child.kill('SIGTERM');
  return svc.done;
}

const INTERRUPTED = 'svc: interrupted (SIGTERM): 0 lines done, 0 succeeded, 0 failed; no line was started\n';

eachBuild((build) => {
  describe('SIGTERM while svc reads an input that does not end', () => {
    it('--input - < /dev/zero: exit 143 with the summary, nothing sent', async () => {
      const zero = openSync('/dev/zero', 'r');
      try {
        const svc = startSvcProcess([...ADD, '--input', '-'], { build, env: env(), stdinFd: zero, timeoutMs: GUARD_MS });
        expect(await terminatedMidRead(svc)).toEqual({ code: 143, stdout: '', stderr: INTERRUPTED });
      } finally {
        closeSync(zero);
      }
      expect(mock.requests).toHaveLength(0);
    });

    it('--input - --input-format csv < /dev/zero, a header row that does not end: exit 143 in one line', async () => {
      const zero = openSync('/dev/zero', 'r');
      try {
        const svc = startSvcProcess([...ADD, '--input', '-', '--input-format', 'csv'], { build, env: env(), stdinFd: zero, timeoutMs: GUARD_MS });
        expect(await terminatedMidRead(svc)).toEqual({
          code: 143,
          stdout: '',
          stderr: 'svc: interrupted (SIGTERM) while reading the header row of standard input: no line was started\n',
        });
      } finally {
        closeSync(zero);
      }
    });

    it('one line through a pipe that the writer keeps feeding: exit 143 with the summary', async () => {
      const svc = startSvcProcess([...ADD, '--input', '-'], { build, env: env(), keepInputOpen: true, timeoutMs: GUARD_MS });
      // Standard input is a socket here, read with calls /proc does not count: what svc took is what was written, less what waits in buffers (a MiB or two).
      const block = Buffer.alloc(1024 * 1024, 'a');
      let written = 0;
      const feed = (): void => {
        for (let more = true; more && svc.child.stdin!.writable; written += block.length) more = svc.child.stdin!.write(block);
      };
      svc.child.stdin!.on('drain', feed);
      svc.child.stdin!.write('{"sequenceId":"seq_123","email":"');
      feed();
      expect(await terminatedMidRead(svc, () => written)).toEqual({ code: 143, stdout: '', stderr: INTERRUPTED });
      svc.child.stdin!.off('drain', feed);
      expect(mock.requests).toHaveLength(0);
    });

    it('svc mcp < /dev/zero: SIGTERM ends the server as it always does (exit 0), its endless first line dropped as it arrives', async () => {
      const zero = openSync('/dev/zero', 'r');
      try {
        const svc = startSvcProcess(['mcp'], { build, env: env(), stdinFd: zero, timeoutMs: GUARD_MS });
        await svc.stderrMatches(/serving/);
        const { code, stdout, stderr } = await terminatedMidRead(svc);
        expect({ code, stdout }).toEqual({ code: 0, stdout: '' });
        expect(stderr).toMatch(/^svc mcp: serving \d+ tools over stdio \(http:\/\/127\.0\.0\.1:\d+\/v1\)\n$/);
      } finally {
        closeSync(zero);
      }
    });

    it('--checkpoint with --input /dev/zero, still reading it for the checkpoint: exit 143 in one line, the lock released', async () => {
      const checkpoint = join(tempFolder('svc-endless-checkpoint-'), 'run.ckpt');
      const svc = startSvcProcess([...ADD, '--input', '/dev/zero', '--input-format', 'ndjson', '--checkpoint', checkpoint], {
        build,
        env: env(),
        timeoutMs: GUARD_MS,
      });
      expect(await terminatedMidRead(svc)).toEqual({
        code: 143,
        stdout: '',
        stderr: 'svc: interrupted (SIGTERM) while reading /dev/zero for --checkpoint: no line was started\n',
      });
      expect(existsSync(`${checkpoint}.lock`)).toBe(false);
      expect(mock.requests).toHaveLength(0);
    });
  });
});

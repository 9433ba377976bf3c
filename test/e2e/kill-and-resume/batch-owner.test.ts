import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../../../src/mock/server.js';
import { eachBuild, type SvcBuild } from '../../support/builds.js';
import { type SvcProcess, type SvcRun, runSvcProcess, startSvcProcess } from '../../support/svc.js';

// A checkpoint has one owner, whatever the timing: real svc processes, of each build, paused with
// SIGSTOP, killed with SIGKILL while paused, resumed two and three at once, against the mock on
// 127.0.0.1, which counts what it received for each line: at most one request each, and every line
// applied, recorded as rejected, or reported uncertain.
const LINES = 120;

let server: MockServer;
let dir: string;
let env: Record<string, string>;
let input: string;
let checkpoint: string;

beforeAll(async () => {
  server = await startMockServer({ port: 0, latencyMs: 40 });
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  env = { SERVICE_BASE_URL: server.url, SERVICE_API_KEY: server.apiKey };
  dir = mkdtempSync(join(tmpdir(), 'svc-owner-e2e-'));
  input = join(dir, 'deals.ndjson');
  writeFileSync(input, Array.from({ length: LINES }, (_, i) => JSON.stringify({ data: { name: `deal ${i + 1}` } })).join('\n') + '\n');
  checkpoint = join(dir, 'deals.checkpoint');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

interface BatchRecord {
  line: number;
  ok: boolean;
  uncertain?: boolean;
  error?: { message: string; mayHaveApplied?: boolean };
}
const records = (stdout: string): BatchRecord[] =>
  stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as BatchRecord);
const args = ['crm', 'entries', 'create', 'deals', '--input', () => input, '--checkpoint', () => checkpoint, '--concurrency', '4'] as const;
const command = () => args.map((arg) => (typeof arg === 'function' ? arg() : arg));
const start = (build: SvcBuild): SvcProcess => startSvcProcess(command(), { build, env, timeoutMs: 90_000 });

/** Requests the server received for each line (by the deal's name). */
function requestsByLine(): Map<number, number> {
  const counts = new Map<number, number>();
  for (const request of server.requests) {
    const line = Number(/"deal (\d+)"/.exec(request.body)?.[1]);
    if (line > 0) counts.set(line, (counts.get(line) ?? 0) + 1);
  }
  return counts;
}
const appliedLines = (): Set<number> => {
  const state = server.state() as { crmObjects: { deals: { entries: { data: { name: string } }[] } } };
  return new Set(state.crmObjects.deals.entries.map((entry) => Number(/^deal (\d+)$/.exec(entry.data.name)?.[1])));
};
/** At most one request per line, and every line applied, or reported uncertain by the last run. */
function expectEachLineOnce(last: SvcRun): void {
  const counts = requestsByLine();
  const twice = [...counts].filter(([, count]) => count > 1);
  expect(twice, 'lines the server received more than once').toEqual([]);
  const applied = appliedLines();
  const uncertain = new Set(
    records(last.stdout)
      .filter((r) => r.uncertain === true)
      .map((r) => r.line),
  );
  const lost = Array.from({ length: LINES }, (_, i) => i + 1).filter((line) => !applied.has(line) && !uncertain.has(line));
  expect(lost, 'lines neither applied nor reported uncertain').toEqual([]);
}
const firstRecord = (running: SvcProcess) => new Promise<void>((resolve) => running.child.stdout!.once('data', () => resolve()));
const pause = (running: SvcProcess) => running.child.kill('SIGSTOP');
const heartbeatHourOld = () => {
  const hourAgo = new Date(Date.now() - 3_600_000);
  utimesSync(`${checkpoint}.lock`, hourAgo, hourAgo);
};

eachBuild((build) => {
  describe('svc batch --checkpoint: one owner', () => {
    it('a paused run keeps its checkpoint however old its heartbeat: a resume started meanwhile is refused at once, and the paused run, continued, ends the batch', async () => {
      const first = start(build);
      await firstRecord(first);
      pause(first);
      heartbeatHourOld(); // as if paused for an hour
      const resume = await runSvcProcess(command(), { build, env, timeoutMs: 30_000 });
      expect([resume.code, resume.stdout]).toEqual([2, '']);
      expect(resume.stderr).toBe(
        `svc: --checkpoint ${checkpoint} is in use by svc pid ${first.child.pid} on ${JSON.parse(readFileSync(`${checkpoint}.lock`, 'utf8')).host} (lock ${checkpoint}.lock); two runs cannot share a checkpoint. If that run is gone, remove the lock file\n`,
      );
      first.child.kill('SIGCONT');
      const done = await first.done;
      expect(done.code).toBe(0);
      expect(records(done.stdout)).toHaveLength(LINES);
      expect([...requestsByLine().values()].every((count) => count === 1) && requestsByLine().size === LINES).toBe(true);
      expect(existsSync(`${checkpoint}.lock`)).toBe(false);
    }, 120_000);

    it('a run whose lock is taken over while it is paused sends nothing more once continued: exit 8, one line naming the checkpoint; its lines in flight are uncertain to the new owner', async () => {
      const first = start(build);
      await firstRecord(first);
      pause(first);
      // Another machine's run on a shared volume, its heartbeat stale: what a takeover from elsewhere judges.
      writeFileSync(`${checkpoint}.lock`, JSON.stringify({ pid: 1, host: 'another-machine', nonce: 'theirs' }));
      heartbeatHourOld();
      const second = start(build); // takes the lock over, then waits before it reads the checkpoint
      await new Promise((resolve) => setTimeout(resolve, 1500));
      first.child.kill('SIGCONT');
      const [lostRun, owner] = await Promise.all([first.done, second.done]);
      expect(lostRun.code).toBe(8);
      expect(lostRun.stderr.split('\n').filter(Boolean)).toHaveLength(1);
      expect(lostRun.stderr).toMatch(
        new RegExp(
          `^svc: stopped: this run no longer holds --checkpoint ${checkpoint} \\(another run took its lock over, or the lock was removed or replaced\\); it sent nothing more`,
        ),
      );
      expect(owner.stderr).toMatch(/checkpoint \S+: \d+ lines from it, \d+ sent now, \d+ uncertain/);
      expect(records(owner.stdout).map((r) => r.line)).toEqual(Array.from({ length: LINES }, (_, i) => i + 1));
      expectEachLineOnce(owner);
      expect(existsSync(`${checkpoint}.lock`)).toBe(false);
    }, 120_000);

    it('a run whose lock is removed stops before its next request (exit 8); a resume then finishes the batch, each line once', async () => {
      const first = start(build);
      await firstRecord(first);
      rmSync(`${checkpoint}.lock`);
      const lostRun = await first.done;
      expect(lostRun.code).toBe(8);
      expect(lostRun.stderr).toMatch(/^svc: stopped: this run no longer holds --checkpoint /);
      const sentByFirst = server.requests.length;
      expect(sentByFirst).toBeLessThan(LINES);
      const last = await runSvcProcess(command(), { build, env, timeoutMs: 90_000 });
      expect(records(last.stdout)).toHaveLength(LINES);
      expectEachLineOnce(last);
    }, 120_000);

    it.each([2, 3])(
      'a run killed with SIGKILL while paused, then %i resumes at once: one owner at a time, each line sent at most once',
      async (resumes) => {
        const first = start(build);
        await firstRecord(first);
        pause(first);
        first.child.kill('SIGKILL'); // its lock is whole, its process gone: the next run takes it over at once
        await first.done;
        const runs = await Promise.all(Array.from({ length: resumes }, () => runSvcProcess(command(), { build, env, timeoutMs: 90_000 })));
        const finished = runs.filter((run) => run.code !== 2);
        expect(finished.length).toBeGreaterThanOrEqual(1);
        for (const refused of runs.filter((run) => run.code === 2)) expect(refused.stderr).toMatch(/is in use by svc pid \d+/);
        const last = await runSvcProcess(command(), { build, env, timeoutMs: 90_000 });
        expect(records(last.stdout)).toHaveLength(LINES);
        expect(last.stderr).toMatch(/0 sent now/);
        expectEachLineOnce(last);
      },
      120_000,
    );
  });
});

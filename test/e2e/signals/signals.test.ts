import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useMockForSvc } from '../../support/mock-for-svc.js';
import { eachBuild } from '../../support/builds.js';
import { IN_A_RETRY_WAIT, signalTaken, startSvcProcess } from '../../support/svc.js';
import { tempFolder } from '../../support/temp-folder.js';
import { batchScenes, closedOutputScenes, singleScenes, stopSignals } from '../../commands/tables/interruption-cases.js';
import { reads, writes } from '../../commands/tables/fault-cases.js';

// Real signals to the real bin/svc against the mock on 127.0.0.1: every stop signal
// ends a batch the way Ctrl-C does, and every line the server received has its record.
const mock = useMockForSvc({ latencyMs: 25 });

/** Lines the server received that got no record (README: "Records lost to an interruption"). */
let recordsLost = 0;
afterAll(() => expect(recordsLost).toBe(0));

interface BatchRecord {
  line: number;
  ok: boolean;
  error?: { kind: string };
}
const records = (stdout: string) =>
  stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as BatchRecord);
/** Every fifth line lacks its email: it fails without being sent and goes to the rejects file. */
const leadLines = (count: number, name = 'lead') =>
  Array.from({ length: count }, (_, i) =>
    JSON.stringify(i % 5 === 4 ? { sequenceId: 'seq_123' } : { sequenceId: 'seq_123', email: `${name}${i + 1}@example.com` }),
  );
const postedEmails = () => mock.server.requests.filter((r) => r.method === 'POST').map((r) => (JSON.parse(r.body) as { email: string }).email);

/** Polls until `condition` holds. The bound only guards against a hang: svc's start-up alone takes seconds on a loaded machine. */
async function waitFor(condition: () => boolean): Promise<void> {
  for (const deadline = Date.now() + 30_000; !condition() && Date.now() < deadline;) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(condition()).toBe(true);
}

eachBuild((build) => {
  describe.each(stopSignals)('$signal during a batch', ({ signal, code, named }) => {
    it(`${batchScenes[0]}: records for every line sent, the rejects, the summary, exit ${code}`, async () => {
      const rejects = join(tempFolder('svc-signals-'), 'rejects.ndjson');
      const lines = leadLines(2000);
      const svc = startSvcProcess(['campaigns', 'person', 'add', '--input', '-', '--concurrency', '4', '--rejects', rejects], {
        build,
        env: mock.env,
        keepInputOpen: true,
        timeoutMs: 20_000,
      });
      svc.child.stdin!.end(`${lines.join('\n')}\n`);
      await svc.linesOut(20);
      svc.child.kill(signal);
      expect(await svc.exited).toBe(code);
      expect(svc.stdout().endsWith('\n')).toBe(true); // no half-written record
      const out = records(svc.stdout());
      expect(out.length).toBeLessThan(2000);
      expect(out.map((r) => r.line)).toEqual(out.map((_, i) => i + 1));
      // Every line the mock received has its record, and every success is a line the mock received.
      const okEmails = out.filter((r) => r.ok).map((r) => `lead${r.line}@example.com`);
      recordsLost += postedEmails().filter((email) => !okEmails.includes(email)).length;
      expect(postedEmails().sort()).toEqual(okEmails.sort());
      const failed = out.filter((r) => !r.ok);
      expect(failed.every((r) => r.error!.kind === 'invalid' && r.line % 5 === 0)).toBe(true);
      expect(readFileSync(rejects, 'utf8')).toBe(failed.map((r) => `${lines[r.line - 1]}\n`).join(''));
      const done = out.length;
      expect(svc.stderr()).toBe(
        `svc: interrupted${named}: ${done} lines done, ${okEmails.length} succeeded, ${failed.length} failed (written to ${rejects}); lines after line ${done} were not started\n`,
      );
    });

    it(`${batchScenes[1]}: the batch still ends, exit ${code}`, async () => {
      const svc = startSvcProcess(['campaigns', 'person', 'add', '--input', '-'], { build, env: mock.env, keepInputOpen: true, timeoutMs: 20_000 });
      svc.child.stdin!.write(`${leadLines(2).join('\n')}\n`); // and never ends
      await svc.linesOut(2);
      svc.child.kill(signal);
      expect(await svc.exited).toBe(code);
      expect(records(svc.stdout()).map((r) => r.line)).toEqual([1, 2]);
      recordsLost += Math.max(0, postedEmails().length - 2);
      expect(postedEmails()).toHaveLength(2);
      expect(svc.stderr()).toBe(`svc: interrupted${named}: 2 lines done, 2 succeeded, 0 failed; lines after line 2 were not started\n`);
    });
  });

  describe.each(stopSignals)('a second $signal while a batch drains', ({ signal, code, named }) => {
    it(`${batchScenes[2]}: each is recorded as may have been applied, then the summary, exit ${code}`, async () => {
      mock.server.injectFaults('slow=10000', 100);
      const svc = startSvcProcess(['campaigns', 'person', 'add', '--input', '-', '--concurrency', '4'], {
        build,
        env: mock.env,
        keepInputOpen: true,
        timeoutMs: 20_000,
      });
      // Names of their own: the mock still applies the abandoned calls once their delay is over.
      svc.child.stdin!.end(
        `${leadLines(50, `drain-${signal}-${build.standalone ? 'standalone' : 'npm'}-`)
          .filter((_, i) => i % 5 !== 4)
          .join('\n')}\n`,
      );
      await waitFor(() => mock.server.requests.length === 4);
      svc.child.kill(signal);
      await signalTaken(svc.child.pid!, signal); // a second signal sent while the first is pending would be merged into it
      svc.child.kill(signal);
      expect(await svc.exited).toBe(code);
      const out = records(svc.stdout()) as (BatchRecord & { error: { mayHaveApplied?: boolean; message: string } })[];
      recordsLost += Math.max(0, mock.server.requests.length - out.length);
      expect(out.map((r) => r.line)).toEqual([1, 2, 3, 4]);
      expect(
        out.every(
          (r) =>
            !r.ok &&
            r.error.mayHaveApplied === true &&
            r.error.message === 'the request was interrupted; the POST may have been applied: check before sending it again',
        ),
      ).toBe(true);
      expect(mock.server.requests).toHaveLength(4);
      expect(svc.stderr()).toBe(
        `svc: interrupted${named}: 4 lines done, 0 succeeded, 4 failed (4 of them may have been applied: check them before sending them again); lines after line 4 were not started\n`,
      );
    });
  });

  describe.each(stopSignals)('$signal during a single call', ({ signal, code, named }) => {
    it(`${singleScenes[0]}: exit ${code}, and the line says the write may have been applied`, async () => {
      mock.server.injectFaults('slow=10000');
      const svc = startSvcProcess(writes[0]!.argv, { build, env: mock.env, keepInputOpen: true, timeoutMs: 20_000 });
      await waitFor(() => mock.server.requests.length === 1);
      svc.child.kill(signal);
      expect(await svc.exited).toBe(code);
      expect(svc.stderr()).toBe(`svc: the request was interrupted${named}; the POST may have been applied: check before sending it again\n`);
      expect(svc.stdout()).toBe('');
    });

    it(`${singleScenes[1]}: exit ${code}, nothing said of being applied`, async () => {
      mock.server.injectFaults('slow=10000');
      const svc = startSvcProcess(reads[0]!.argv, { build, env: mock.env, keepInputOpen: true, timeoutMs: 20_000 });
      await waitFor(() => mock.server.requests.length === 1);
      svc.child.kill(signal);
      expect(await svc.exited).toBe(code);
      expect(svc.stderr()).toBe(`svc: the request was interrupted${named}\n`);
    });

    it(`${singleScenes[2]}: exit ${code}, no further attempt`, async () => {
      mock.server.injectFaults('503', 10);
      const svc = startSvcProcess([...reads[0]!.argv, '--debug'], {
        build,
        env: { ...mock.env, SVC_RETRY_BASE_MS: '60000' },
        keepInputOpen: true,
        timeoutMs: 20_000,
      });
      await waitFor(() => IN_A_RETRY_WAIT.test(svc.stderr()));
      const sent = mock.server.requests.length;
      svc.child.kill(signal);
      expect(await svc.exited).toBe(code);
      expect(svc.stderr()).toMatch(new RegExp(`\\nsvc: interrupted while waiting to retry${named.replace(/[()]/g, '\\$&')}( \\(after \\d attempts\\))?\\n$`));
      expect(mock.server.requests).toHaveLength(sent);
    });
  });

  describe('a batch whose standard output is closed (svc … | head -1)', () => {
    const closedRun = async (args: string[], closeAfter: number) => {
      const input = `${leadLines(300)
        .map((line, i) => (i % 5 === 4 ? JSON.stringify({ sequenceId: 'seq_123', email: `lead${i + 1}@example.com` }) : line))
        .join('\n')}\n`;
      const svc = startSvcProcess(['campaigns', 'person', 'add', '--input', '-', ...args], { build, env: mock.env, keepInputOpen: true, timeoutMs: 20_000 });
      svc.child.stdin!.end(input);
      if (closeAfter > 0) await svc.linesOut(closeAfter);
      svc.child.stdout!.destroy();
      return { code: await svc.exited, stderr: svc.stderr() };
    };
    const summary =
      /^svc: stopped: standard output was closed (after the record of line (\d+)|before any record was written): (\d+) lines done, (\d+) succeeded, 0 failed; lines after line (\d+) were not started\n$/;

    it.each([
      [closedOutputScenes[0], [], 1],
      [closedOutputScenes[1], [], 0],
      [closedOutputScenes[2], ['--unordered'], 1],
    ] as const)('%s: stops taking lines, drains those in flight, names the last record written, exit 141', async (_scene, args, closeAfter) => {
      const run = await closedRun([...args], closeAfter);
      expect(run.code).toBe(141);
      const match = summary.exec(run.stderr);
      expect(match, run.stderr).not.toBeNull();
      const [, , lastWritten, done, succeeded] = match!;
      if (closeAfter > 0) expect(Number(lastWritten)).toBeGreaterThanOrEqual(1);
      // Every line sent was drained and counted (its record could not be written); far fewer than 300 were sent.
      recordsLost += Math.max(0, postedEmails().length - Number(done));
      expect(Number(done)).toBe(postedEmails().length);
      expect(Number(succeeded)).toBe(postedEmails().length);
      expect(postedEmails().length).toBeLessThan(300);
    });
  });
});

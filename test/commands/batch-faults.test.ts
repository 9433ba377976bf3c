import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { leads, postsPerEmail as countPosts, records } from '../support/batch-lines.js';
import { useMockForSvc } from '../support/mock-for-svc.js';
import { runSvc } from '../support/svc.js';
import { tempFolder } from '../support/temp-folder.js';

// Faults in the middle of a batch, svc run in-process against the mock on 127.0.0.1 (Ctrl-C, which
// only a process shows: test/e2e/signals/batch-interrupted.test.ts).
const mock = useMockForSvc({ latencyMs: 5 });
const postsPerEmail = () => countPosts(mock.server);
const enrolled = () =>
  (mock.server.state() as { sequences: { seq_123: { enrollments: { email?: string }[] } } }).sequences.seq_123.enrollments
    .map((e) => e.email)
    .filter((e) => e?.includes('lead'));

describe('svc batch: faults injected by the mock in the middle of a batch', () => {
  // The mock's own fault queue: the first 10 requests to arrive pass (slow=0 answers normally), the next ones fail.
  const faultMidBatch = (faults: string[]) => {
    mock.server.injectFaults('slow=0', 10);
    for (const fault of faults) mock.server.injectFaults(fault);
  };

  it('writes (POST) are never repeated: each line reaches the mock once; failed lines get their record and go to the rejects', async () => {
    faultMidBatch(['503', 'reset', 'malformed-json', '429;retry-after=1']);
    const input = leads(30);
    const rejects = join(tempFolder('svc-batch-'), 'rejects.ndjson');
    const run = await runSvc(['campaigns', 'person', 'add', '--input', '-', '--concurrency', '4', '--rejects', rejects], {
      env: { ...mock.env, SVC_RETRY_BASE_MS: '1' },
      input,
    });
    expect(run.code).toBe(1);
    const out = records(run.stdout);
    expect(out.map((r) => r.line)).toEqual([...Array(30).keys()].map((i) => i + 1));
    const failed = out.filter((r) => !r.ok);
    // The queue faults requests in the order they reach the mock, which need not be the input order:
    // four lines go out side by side. The 11th to 14th requests received are the lines that failed, each as its fault says.
    const lineOfRequest = mock.server.requests.map((r) => Number(/^lead(\d+)@/.exec((JSON.parse(r.body) as { email: string }).email)![1]));
    const faulted = ['503 api', 'null transport', '200 unreadable', '429 api'].map((outcome, i): [number, string] => [lineOfRequest[10 + i]!, outcome]);
    expect(failed.map((r) => [r.line, `${r.status} ${r.error!.kind}`])).toEqual(faulted.sort(([a], [b]) => a - b));
    // Its answer lost, or a success that could not be read: each may have been applied, and says so.
    for (const kind of ['transport', 'unreadable'])
      expect(failed.find((r) => r.error!.kind === kind)!.error).toMatchObject({
        mayHaveApplied: true,
        message: expect.stringContaining('the POST may have been applied'),
      });
    expect(postsPerEmail()).toEqual(Object.fromEntries([...Array(30).keys()].map((i) => [`lead${i + 1}@example.com`, 1])));
    expect(enrolled()).toHaveLength(26);
    const lines = input.split('\n');
    // The rejects file holds what running it again cannot apply twice; the two that may have been applied lie beside it.
    const [uncertain, refused] = [
      failed.filter((r) => r.error!.kind === 'transport' || r.error!.kind === 'unreadable'),
      failed.filter((r) => r.error!.kind === 'api'),
    ];
    expect(readFileSync(rejects, 'utf8')).toBe(refused.map((r) => `${lines[r.line - 1]}\n`).join(''));
    expect(readFileSync(rejects.replace(/\.ndjson$/, '.uncertain.ndjson'), 'utf8')).toBe(uncertain.map((r) => `${lines[r.line - 1]}\n`).join(''));
    // The 429 was refused before anything was applied: said so in its record and in the summary, never "may have been applied".
    expect(failed.find((r) => r.status === 429)!.error).toMatchObject({ hint: expect.stringMatching(/^not applied: .*; safe to resend$/) });
    expect(failed.find((r) => r.status === 429)!.error).not.toHaveProperty('mayHaveApplied');
    // The 429 is counted after the rejects file that holds it, never after the lines that may have been applied.
    expect(run.stderr).toMatch(
      /^svc: 30 lines: 26 succeeded, 4 failed \(2 written to \S+rejects\.ndjson; 1 of them answered 429: not applied, safe to resend; 2 may have been applied, written to \S+rejects\.uncertain\.ndjson: check them before sending them again\) in .*; throttled: 1 answer 429, 1 pause for Retry-After, ending at /,
    );
  });

  it('idempotent requests (DELETE) are retried by the same policy as single calls, and every line succeeds', async () => {
    faultMidBatch(['503', '503', 'reset', '429;retry-after=0']);
    const paths = ['reports/2026/q3.csv', 'notes/todo.md', 'tmp/scratch.txt', ...Array.from({ length: 17 }, (_, i) => `gone/${i}.txt`)];
    const input = paths.map((path) => JSON.stringify({ path })).join('\n') + '\n';
    const run = await runSvc(['files', 'delete', '--input', '-', '--yes', '--concurrency', '4', '--retries', '5'], {
      env: { ...mock.env, SVC_RETRY_BASE_MS: '1' },
      input,
    });
    expect(run.code).toBe(0);
    const out = records(run.stdout) as { line: number; ok: boolean; attempts?: number; result?: unknown }[];
    expect(out.every((r) => r.ok)).toBe(true);
    expect(out.reduce((sum, r) => sum + (r.attempts ?? 1) - 1, 0)).toBe(4); // one retry per fault
    expect(mock.server.requests.filter((r) => r.method === 'DELETE')).toHaveLength(24);
    expect(out.slice(0, 3).map((r) => r.result)).toEqual([{ path: 'reports/2026/q3.csv' }, { path: 'notes/todo.md' }, { path: 'tmp/scratch.txt' }]);
    expect(Object.keys((mock.server.state() as { files: Record<string, string> }).files)).not.toContain('notes/todo.md');
  });
});

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runSvc } from '../support/svc.js';
import { useMockForSvc } from '../support/mock-for-svc.js';

// `--shard k/n`: four processes at once over one file, against the mock on 127.0.0.1.
const mock = useMockForSvc({ latencyMs: 2 });
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'svc-shard-e2e-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const records = (stdout: string) =>
  stdout
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { line: number; ok: boolean; result?: { entryId: string } });
const namesApplied = () => {
  const state = mock.server.state() as { crmObjects: { deals: { entries: { data: { name: string } }[] } } };
  return state.crmObjects.deals.entries.map((e) => e.data.name).sort();
};

describe('svc batch --shard', () => {
  it('four shards at once cover the file exactly once: each line applied once, one record per line across the outputs', async () => {
    // A CSV: the header is line 1, and a quoted cell with a line break makes one row span two lines.
    const rows = Array.from({ length: 400 }, (_, i) => (i === 10 ? '"deal 11\nsecond line"' : `deal ${i + 1}`));
    const input = join(dir, 'deals.csv');
    writeFileSync(input, `data.name\n${rows.join('\n')}\n`);
    const shard = (k: number) =>
      runSvc(
        [
          'crm',
          'entries',
          'create',
          'deals',
          '--input',
          input,
          '--shard',
          `${k}/4`,
          '--rejects',
          join(dir, `rejects-${k}.csv`),
          '--checkpoint',
          join(dir, `shard-${k}.checkpoint`),
        ],
        { env: mock.env },
      );
    const runs = await Promise.all([1, 2, 3, 4].map(shard));
    expect(runs.map((r) => r.code)).toEqual([0, 0, 0, 0]);
    runs.forEach((run, i) => {
      expect(records(run.stdout).every((r) => (r.line - 1) % 4 === i && r.ok)).toBe(true);
      expect(run.stderr).toMatch(new RegExp(`^svc: shard ${i + 1}/4: \\d+ lines: \\d+ succeeded, 0 failed`));
      expect(readFileSync(join(dir, `rejects-${i + 1}.csv`), 'utf8')).toBe('data.name\n');
    });
    // Joining the outputs: sort by line.
    const joined = runs.flatMap((run) => records(run.stdout)).sort((a, b) => a.line - b.line);
    const rowLines = [2, ...Array.from({ length: 399 }, (_, i) => (i < 10 ? i + 3 : i + 4))];
    expect(joined.map((r) => r.line)).toEqual(rowLines);
    expect(new Set(joined.map((r) => r.result!.entryId)).size).toBe(400);
    expect(namesApplied()).toEqual(rows.map((r) => r.replace(/^"|"$/g, '')).sort());
  });

  it('refuses a shard that is not k/n written plainly with 1 ≤ k ≤ n ≤ 10000, sending nothing', async () => {
    const input = join(dir, 'deals.ndjson');
    writeFileSync(input, '{"data":{"name":"x"}}\n');
    for (const bad of ['0/4', '5/4', '1/10001', ' 1/4', '01/4']) {
      const run = await runSvc(['crm', 'entries', 'create', 'deals', '--input', input, '--shard', bad], { env: mock.env });
      expect([run.code, run.stderr]).toEqual([
        2,
        `svc: --shard: expected k/n with 1 ≤ k ≤ n ≤ 10000, written as two whole numbers without spaces or leading zeros (e.g. 2/4 for the second of four parts), got ${JSON.stringify(bad)}\n`,
      ]);
    }
    expect(mock.server.requests).toHaveLength(0);
  });
});

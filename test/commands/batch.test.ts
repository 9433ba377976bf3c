import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FaultProxy, startFaultProxy } from '../support/fault-proxy.js';
import { runSvc } from '../support/svc.js';
import { useMockForSvc } from '../support/mock-for-svc.js';
import { runAndTrace } from '../support/ran-sources.js';
import { tempFolder } from '../support/temp-folder.js';

// The real bin/svc in batch mode against the mock on 127.0.0.1; assertions read what the mock received.
let dir: string;

const mock = useMockForSvc();
beforeEach(() => {
  dir = tempFolder('svc-batch-e2e-');
});

const file = (name: string, text: string) => {
  writeFileSync(join(dir, name), text);
  return join(dir, name);
};
const records = (stdout: string) =>
  stdout
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { line: number; ok: boolean; status: number | null; result?: unknown; error?: { kind: string; message: string } });
const postsBy = (key: (body: Record<string, unknown>) => unknown) => {
  const counts = new Map<unknown, number>();
  for (const r of mock.server.requests) if (r.method === 'POST') counts.set(key(JSON.parse(r.body)), (counts.get(key(JSON.parse(r.body))) ?? 0) + 1);
  return counts;
};
const enrolledEmails = () => {
  const state = mock.server.state() as { sequences: Record<string, { enrollments: { email?: string }[] }> };
  return Object.values(state.sequences)
    .flatMap((s) => s.enrollments.map((e) => e.email ?? ''))
    .filter((e) => /^(lead|slow|flaky)/.test(e))
    .sort(); // fixtures hold others
};
/** Request bodies in name order: batch lines go out side by side and may reach the server in any order. */
const byName = <T extends { data: { name: string } }>(bodies: T[]) => [...bodies].sort((a, b) => a.data.name.localeCompare(b.data.name));
const lead = (i: number, email = `lead${i}@example.com`) => JSON.stringify({ sequenceId: 'seq_123', email });

describe('svc batch: order and one record per line', () => {
  let proxy: FaultProxy;
  beforeAll(async () => {
    // Every fifth lead is answered late, so calls finish out of input order.
    proxy = await startFaultProxy(mock.server.url, (body) => (/"email":"slow/.test(body) ? 'slow=80' : undefined));
  });
  afterAll(() => proxy.close());

  const input = () => Array.from({ length: 40 }, (_, i) => lead(i + 1, i % 5 === 0 ? `slow${i + 1}@example.com` : undefined));

  it('writes records in input order by default, with the file line numbers (a blank line is skipped)', async () => {
    const lines = input();
    lines.splice(10, 0, '');
    const run = await runSvc(['campaigns', 'person', 'add', '--input', '-'], {
      env: { ...mock.env, SERVICE_BASE_URL: proxy.url },
      input: `${lines.join('\n')}\n`,
    });
    expect(run.code).toBe(0);
    const out = records(run.stdout);
    expect(out.map((r) => r.line)).toEqual([...Array(10).keys()].map((i) => i + 1).concat([...Array(30).keys()].map((i) => i + 12)));
    expect(out.every((r) => r.ok && r.status === 201)).toBe(true);
    expect([...postsBy((b) => b.email).values()]).toEqual(Array(40).fill(1));
    expect(run.stderr).toMatch(/^svc: 40 lines: 40 succeeded, 0 failed in [^\n]*\n$/);
  });

  it('--unordered streams records as calls finish: still exactly one per line', async () => {
    const path = file('leads.ndjson', `${input().join('\n')}\n`);
    const run = await runSvc(['campaigns', 'person', 'add', '--input', path, '--unordered'], { env: { ...mock.env, SERVICE_BASE_URL: proxy.url } });
    expect(run.code).toBe(0);
    const lines = records(run.stdout).map((r) => r.line);
    expect([...lines].sort((a, b) => a - b)).toEqual([...Array(40).keys()].map((i) => i + 1));
    expect(lines).not.toEqual([...lines].sort((a, b) => a - b)); // the slow ones came last
    expect(enrolledEmails()).toHaveLength(40);
  });
});

describe('svc batch: rejects, fix, run again, done', () => {
  it('NDJSON: failed lines go to the rejects file verbatim; the fixed file finishes the job', async () => {
    const seen = new Set<string>();
    // An outage that passes: the first try of each "flaky" lead gets a 503.
    const proxy = await startFaultProxy(mock.server.url, (body) => (body.includes('flaky') && !seen.has(body) && seen.add(body) ? '503' : undefined));
    try {
      const lines = Array.from({ length: 20 }, (_, i) => lead(i + 1));
      lines[3] = lead(4, 'lead4(at)example.com');
      lines[8] = JSON.stringify({ email: 'lead9@example.com' });
      lines[12] = lead(13, 'flaky13@example.com');
      lines[15] = `{"sequenceId":"seq_123",   "email":"lead16@example.com"`; // a broken line, kept as written
      const path = file('leads.ndjson', `${lines.join('\n')}\n`);
      const rejects = join(dir, 'rejects.ndjson');
      const first = await runSvc(['campaigns', 'person', 'add', '--input', path, '--rejects', rejects], {
        env: { ...mock.env, SERVICE_BASE_URL: proxy.url },
      });
      expect(first.code).toBe(1);
      expect(
        records(first.stdout)
          .filter((r) => !r.ok)
          .map((r) => [r.line, r.status, r.error!.kind]),
      ).toEqual([
        [4, null, 'invalid'],
        [9, null, 'invalid'],
        [13, 503, 'api'],
        [16, null, 'invalid'],
      ]);
      expect(readFileSync(rejects, 'utf8')).toBe(`${[lines[3], lines[8], lines[12], lines[15]].join('\n')}\n`);
      expect(first.stderr).toContain(`16 succeeded, 4 failed (written to ${rejects})`);
      expect(mock.server.requests.some((r) => r.body.includes('(at)') || r.body.includes('lead9@') || r.body.includes('lead16@'))).toBe(false); // invalid lines were not sent

      const fixed = file(
        'fixed.ndjson',
        readFileSync(rejects, 'utf8').replace('(at)', '@').replace('{"email"', '{"sequenceId":"seq_123","email"').replace(/"\n$/, '"}\n'),
      );
      const again = await runSvc(['campaigns', 'person', 'add', '--input', fixed, '--rejects', join(dir, 'rejects2.ndjson')], {
        env: { ...mock.env, SERVICE_BASE_URL: proxy.url },
      });
      expect(again.code).toBe(0);
      expect(records(again.stdout).map((r) => [r.line, r.ok])).toEqual([
        [1, true],
        [2, true],
        [3, true],
        [4, true],
      ]);
      expect(readFileSync(join(dir, 'rejects2.ndjson'), 'utf8')).toBe('');
      expect(enrolledEmails()).toEqual(lines.map((_, i) => (i === 12 ? `flaky13@example.com` : `lead${i + 1}@example.com`)).sort());
    } finally {
      await proxy.close();
    }
  });

  it('CSV: columns as assignment keys; rejects start with the header row; the fixed file finishes the job', async () => {
    const csv = [
      'objectName,data.name,data.amount:=,data.assignees[],data.assignees[]',
      'deals,"Acme, Inc. renewal",12000,usr_ada,usr_grace',
      'deals,"Multi',
      'line ""quoted"" name",5,usr_linus,',
      'deals,Beta,12k,usr_ada,',
      'nope,Gamma,1,,',
      'deals,Delta,,usr_grace,usr_linus',
    ];
    const path = file('deals.csv', `${csv.join('\r\n')}\r\n`);
    const rejects = join(dir, 'rejects.csv');
    const first = await runSvc(['crm', 'entries', 'create', '--input', path, '--rejects', rejects, '--data', 'stage=lead'], { env: mock.env });
    expect(first.code).toBe(1);
    expect(records(first.stdout).map((r) => [r.line, r.status])).toEqual([
      [2, 201],
      [3, 201],
      [5, null],
      [6, 404],
      [7, 201],
    ]);
    expect(byName(mock.server.requests.map((r) => JSON.parse(r.body)))).toEqual(
      byName([
        { data: { stage: 'lead', name: 'Acme, Inc. renewal', amount: 12000, assignees: ['usr_ada', 'usr_grace'] } },
        { data: { stage: 'lead', name: 'Multi\r\nline "quoted" name', amount: 5, assignees: ['usr_linus'] } },
        { data: { stage: 'lead', name: 'Gamma', amount: 1 } },
        { data: { stage: 'lead', name: 'Delta', assignees: ['usr_grace', 'usr_linus'] } },
      ]),
    );
    expect(readFileSync(rejects, 'utf8')).toBe(`${[csv[0], csv[4], csv[5]].join('\r\n')}\r\n`);

    writeFileSync(rejects, readFileSync(rejects, 'utf8').replace('12k', '12000').replace('nope', 'deals'));
    const again = await runSvc(['crm', 'entries', 'create', '--input', rejects, '--rejects', join(dir, 'rejects2.csv'), '--data', 'stage=lead'], {
      env: mock.env,
    });
    expect(again.code).toBe(0);
    expect(records(again.stdout).map((r) => [r.line, r.status])).toEqual([
      [2, 201],
      [3, 201],
    ]);
    expect(readFileSync(join(dir, 'rejects2.csv'), 'utf8')).toBe(`${csv[0]}\r\n`);
    const retried = mock.server.requests.slice(-2);
    expect(retried.map((r) => r.path)).toEqual(['/v1/crm/objects/deals/entries', '/v1/crm/objects/deals/entries']);
    expect(byName(retried.map((r) => JSON.parse(r.body)))).toEqual(
      byName([{ data: { stage: 'lead', name: 'Beta', amount: 12000, assignees: ['usr_ada'] } }, { data: { stage: 'lead', name: 'Gamma', amount: 1 } }]),
    );
  });
});

describe("svc batch: start-up stays lean, read from V8's coverage of the npm build", () => {
  /** The sources a real bin/svc ran for these arguments (test/support/ran-sources.ts). */
  const ran = async (args: string[], input = '') => {
    const env = { SERVICE_BASE_URL: mock.server.url, SERVICE_API_KEY: mock.server.apiKey };
    return (await runAndTrace(args, env, [], input)).sources;
  };

  it('the batch code runs only when argv holds --input', async () => {
    const single = await ran(['email', 'drafts', 'get', 'dr_123']);
    expect(single.has('src/cli/execute.ts')).toBe(true);
    const batchCode = (source: string) =>
      source.startsWith('src/batch/') || source.startsWith('src/core/batch-') || ['src/cli/run-batch.ts', 'src/client/pacer.ts'].includes(source);
    expect([...single].filter(batchCode)).toEqual([]);
    const batch = await ran(['email', 'drafts', 'get', '--input', '-'], '{"draftId":"dr_123"}\n');
    expect(['src/cli/run-batch.ts', 'src/core/batch-run.ts', 'src/client/pacer.ts'].filter((source) => !batch.has(source))).toEqual([]);
  });
});

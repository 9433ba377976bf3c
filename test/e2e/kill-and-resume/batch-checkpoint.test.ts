import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../../../src/mock/server.js';
import { eachBuild, type SvcBuild } from '../../support/builds.js';
import { runSvcProcess, startSvcProcess } from '../../support/svc.js';

// A batch killed with SIGKILL at random points and resumed each time with its checkpoint
// applies every line exactly once, except lines it reports uncertain (at most --concurrency per
// kill), and none twice. Each build of svc against the mock on 127.0.0.1, whose state is the judge.
const LINES = 2000;
const CONCURRENCY = 8;
const KILLS = 4;

let server: MockServer;
let dir: string;
let env: Record<string, string>;

beforeAll(async () => {
  // A key of its own: the default, svc_mock_key, is public and never redacted, and these tests check redaction.
  server = await startMockServer({ port: 0, latencyMs: 10, apiKey: 'svc_e2e_checkpoint_secret_0123' });
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  env = { SERVICE_BASE_URL: server.url, SERVICE_API_KEY: server.apiKey };
  dir = mkdtempSync(join(tmpdir(), 'svc-checkpoint-e2e-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

interface BatchRecord {
  line: number;
  ok: boolean;
  status: number | null;
  result?: { entryId: string };
  error?: { kind: string; mayHaveApplied?: boolean };
  uncertain?: boolean;
}

const records = (stdout: string): BatchRecord[] =>
  stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as BatchRecord);
const writeDeals = (count: number): string => {
  const path = join(dir, 'deals.ndjson');
  writeFileSync(path, Array.from({ length: count }, (_, i) => JSON.stringify({ data: { name: `deal ${i + 1}` } })).join('\n') + '\n');
  return path;
};
/** The mock's deals, entry ids by the line that created them: a line applied twice has two. */
const entriesByLine = (): Map<number, string[]> => {
  const state = server.state() as { crmObjects: { deals: { entries: { entryId: string; data: { name: string } }[] } } };
  const byLine = new Map<number, string[]>();
  for (const entry of state.crmObjects.deals.entries) {
    const line = Number(/^deal (\d+)$/.exec(entry.data.name)?.[1]);
    byLine.set(line, [...(byLine.get(line) ?? []), entry.entryId]);
  }
  return byLine;
};
const deal = (input: string, checkpoint: string, ...more: string[]) => [
  'crm',
  'entries',
  'create',
  'deals',
  '--input',
  input,
  '--checkpoint',
  checkpoint,
  '--concurrency',
  String(CONCURRENCY),
  ...more,
];

/** Starts the batch and kills it with SIGKILL `afterMs` after its first record: mid-flight, at no chosen line. */
async function killMidway(args: string[], afterMs: number, build: SvcBuild): Promise<number> {
  const running = startSvcProcess(args, { build, env, timeoutMs: 60_000 });
  await new Promise<void>((resolve) => {
    running.child.stdout!.once('data', () => setTimeout(resolve, afterMs));
    void running.done.then(() => resolve());
  });
  running.child.kill('SIGKILL');
  const { stdout } = await running.done;
  return records(stdout).length;
}

eachBuild((build) => {
  describe('svc batch --checkpoint: kill -9 and resume', () => {
    it(`applies ${LINES} creates exactly once across ${KILLS} kills at random points, except the few it reports uncertain`, async () => {
      const input = writeDeals(LINES);
      const checkpoint = join(dir, 'deals.checkpoint');
      const seed = Date.now();
      let random = seed;
      const next = () => (random = (random * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
      const written: number[] = [];
      for (let kill = 0; kill < KILLS; kill++) written.push(await killMidway(deal(input, checkpoint), 50 + Math.floor(next() * 400), build));
      expect(existsSync(`${checkpoint}.lock`), 'a killed run leaves its lock; the next run takes it over').toBe(true);

      const last = await runSvcProcess(deal(input, checkpoint), { build, env, timeoutMs: 100_000 });
      const out = records(last.stdout);
      const context = `seed ${seed}, records before each kill ${written.join(', ')}`;
      expect(
        out.map((r) => r.line),
        context,
      ).toEqual(Array.from({ length: LINES }, (_, i) => i + 1));
      const uncertain = out.filter((r) => r.uncertain === true);
      expect(uncertain.length, context).toBeLessThanOrEqual(CONCURRENCY * KILLS);
      expect(uncertain.every((r) => r.ok === false && r.error?.mayHaveApplied === true)).toBe(true);
      expect(last.code).toBe(uncertain.length > 0 ? 1 : 0);

      const applied = entriesByLine();
      for (const record of out) {
        const ids = applied.get(record.line) ?? [];
        if (record.uncertain) expect(ids.length, `line ${record.line} (uncertain), ${context}`).toBeLessThanOrEqual(1);
        else expect([record.ok, ids], `line ${record.line}, ${context}`).toEqual([true, [record.result!.entryId]]);
      }
      expect(last.stderr).toMatch(new RegExp(`checkpoint \\S+: \\d+ lines from it, \\d+ sent now, ${uncertain.length} uncertain`));
      expect(existsSync(`${checkpoint}.lock`)).toBe(false);
    }, 120_000); // ~15 s alone on a loaded 2-core machine; the margin is for a full suite beside other work

    it('a second run of a finished batch sends nothing and writes the same records', async () => {
      const input = writeDeals(30);
      const checkpoint = join(dir, 'deals.checkpoint');
      const first = await runSvcProcess(deal(input, checkpoint), { build, env });
      expect(first.code).toBe(0);
      const sent = server.requests.length;
      const again = await runSvcProcess(deal(input, checkpoint), { build, env });
      expect([again.code, again.stdout]).toEqual([0, first.stdout]);
      expect(server.requests.length).toBe(sent);
      expect(again.stderr).toMatch(/checkpoint \S+: 30 lines from it, 0 sent now, 0 uncertain\n$/);
    });

    it('refuses a checkpoint made for another input, operation or command line (exit 2), sending nothing and changing nothing', async () => {
      const input = writeDeals(5);
      const checkpoint = join(dir, 'deals.checkpoint');
      expect((await runSvcProcess(deal(input, checkpoint), { build, env })).code).toBe(0);
      const journal = readFileSync(checkpoint, 'utf8');
      const sent = server.requests.length;
      const other = join(dir, 'other.ndjson');
      writeFileSync(other, readFileSync(input, 'utf8').replace('deal 5', 'deal 6'));
      const refusals: [string[], RegExp][] = [
        [deal(other, checkpoint), /the input differs \(\d+ bytes, sha256 [0-9a-f]{12}… then; \d+ bytes, [0-9a-f]{12}… now\)/],
        [
          ['crm', 'entries', 'create', 'companies', '--input', input, '--checkpoint', checkpoint],
          /the command line differs: argument <objectName> was "deals", now "companies"/,
        ],
        [deal(input, checkpoint, '--data', 'stage=won'), /the command line differs: body field data.stage was not given, now "won"/],
        [deal(input, checkpoint, '--query', 'entryId'), /the command line differs: --query was not given, now "entryId"/],
        [deal(input, checkpoint, '--shard', '1/2'), /it is for the whole input, not --shard 1\/2/],
        [
          ['email', 'templates', 'preview', 'tpl_welcome', '--input', input, '--checkpoint', checkpoint],
          /it is for the operation crm_entries_create, not email_templates_preview/,
        ],
      ];
      for (const [args, reason] of refusals) {
        const run = await runSvcProcess(args, { build, env });
        expect(run.code).toBe(2);
        expect(run.stdout).toBe('');
        expect(run.stderr).toMatch(
          new RegExp(`^svc: --checkpoint \\S+ was made for another run: ${reason.source}[^;\\n]*; name a new checkpoint file for this one\\n$`),
        );
      }
      expect(server.requests.length).toBe(sent);
      expect(readFileSync(checkpoint, 'utf8')).toBe(journal);
    });

    it('names the first flag that differs, old value against new, but never a secret: a secret-named field is hidden, the token redacted, in the message and in the file', async () => {
      const input = writeDeals(2);
      const checkpoint = join(dir, 'deals.checkpoint');
      const first = await runSvcProcess(deal(input, checkpoint, '--data', 'stage=open', '--data', 'password=hunter22', '--data', `note=key ${server.apiKey}`), {
        build,
        env,
      });
      expect(first.stderr).toMatch(/^svc: 2 lines: .*; checkpoint \S+: 0 lines from it, 2 sent now, 0 uncertain\n$/); // the mock refuses these fields: the journal is made all the same
      const journal = readFileSync(checkpoint, 'utf8');
      expect(journal).not.toContain('hunter22');
      expect(journal).not.toContain(server.apiKey);
      const cases: [string[], string][] = [
        [['--data', 'stage=won', '--data', 'password=hunter22', '--data', `note=key ${server.apiKey}`], 'body field data.stage was "open", now "won"'],
        [
          ['--data', 'stage=open', '--data', 'password=swordfish', '--data', `note=key ${server.apiKey}`],
          'body field data.password was (hidden: it may be a secret), now (hidden: it may be a secret)',
        ],
        [['--data', 'stage=open', '--data', 'password=hunter22', '--data', 'note=key 1'], 'body field data.note was "key ********", now "key 1"'],
      ];
      for (const [more, why] of cases) {
        const run = await runSvcProcess(deal(input, checkpoint, ...more), { build, env });
        expect([run.code, run.stderr]).toEqual([
          2,
          `svc: --checkpoint ${checkpoint} was made for another run: the command line differs: ${why}; name a new checkpoint file for this one\n`,
        ]);
      }
      expect(readFileSync(checkpoint, 'utf8')).toBe(journal);
    });
  });
});

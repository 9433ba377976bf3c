import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { run } from '../../src/cli/run.js';
import type { HttpRequest } from '../../src/client/transport.js';
import { createFakeContext, json } from '../support/fake-context.js';

// Resuming from a checkpoint: argv and a journal in, requests and records out.
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'svc-checkpoint-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const records = (out: string) =>
  out
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, any>);
const file = (name: string, text: string) => {
  writeFileSync(join(dir, name), text);
  return join(dir, name);
};
const deals = (count: number) =>
  file('deals.ndjson', Array.from({ length: count }, (_, i) => JSON.stringify({ data: { name: `deal ${i + 1}` } })).join('\n') + '\n');
const paths = (count: number) => file('paths.ndjson', Array.from({ length: count }, (_, i) => JSON.stringify({ path: `old/${i + 1}.txt` })).join('\n') + '\n');
const lineOf = (request: HttpRequest) =>
  Number(
    /deal (\d+)|old\/(\d+)/
      .exec(request.body ?? '')!
      .slice(1)
      .find(Boolean),
  );
const created = (request: HttpRequest) => json(201, { entryId: `ent_${lineOf(request)}` });

/** What a kill between sending these lines and recording their answers leaves: their records are cut from the journal. */
function cutRecords(checkpoint: string, lines: number[]): void {
  const kept = readFileSync(checkpoint, 'utf8')
    .split('\n')
    .filter((entry) => !lines.some((line) => entry.startsWith(`{"line":${line},"record"`)));
  writeFileSync(checkpoint, kept.join('\n'));
}

describe('batch --checkpoint: resuming', () => {
  it('does not send a POST that an earlier run started without recording it: its record says uncertain, and the rest come from the journal', async () => {
    const input = deals(6);
    const checkpoint = join(dir, 'run.checkpoint');
    const first = createFakeContext({ respond: created });
    expect(await run(['crm', 'entries', 'create', 'deals', '--input', input, '--checkpoint', checkpoint], first.ctx)).toBe(0);
    cutRecords(checkpoint, [2, 5]);
    const rejects = join(dir, 'rejects.ndjson');
    const resumed = createFakeContext({ respond: created });
    expect(await run(['crm', 'entries', 'create', 'deals', '--input', input, '--checkpoint', checkpoint, '--rejects', rejects], resumed.ctx)).toBe(1);
    expect(resumed.requests).toHaveLength(0);
    const out = records(resumed.out());
    expect(out.map((r) => [r.line, r.ok, r.uncertain ?? false])).toEqual([
      [1, true, false],
      [2, false, true],
      [3, true, false],
      [4, true, false],
      [5, false, true],
      [6, true, false],
    ]);
    expect(out[1]!.error).toEqual({
      kind: 'transport',
      mayHaveApplied: true,
      message: expect.stringMatching(/^an earlier run sent this line and was stopped before its answer came; the POST may have been applied/),
    });
    expect(records(first.out()).filter((r) => r.line !== 2 && r.line !== 5)).toEqual(out.filter((r) => r.ok));
    // Rejects cover the whole input, lines from the journal included; these two may have been applied, and lie apart.
    expect(readFileSync(rejects, 'utf8')).toBe('');
    expect(readFileSync(join(dir, 'rejects.uncertain.ndjson'), 'utf8')).toBe(['{"data":{"name":"deal 2"}}', '{"data":{"name":"deal 5"}}', ''].join('\n'));
    expect(resumed.err()).toMatch(
      /; checkpoint \S+: 4 lines from it, 0 sent now, 2 uncertain \(an earlier run may have applied them; not sent again: --resend-uncertain sends them\)\n$/,
    );
  });

  it('--resend-uncertain sends those lines again, and only those', async () => {
    const input = deals(4);
    const checkpoint = join(dir, 'run.checkpoint');
    expect(await run(['crm', 'entries', 'create', 'deals', '--input', input, '--checkpoint', checkpoint], createFakeContext({ respond: created }).ctx)).toBe(0);
    cutRecords(checkpoint, [3]);
    const argv = ['crm', 'entries', 'create', 'deals', '--input', input, '--checkpoint', checkpoint];
    expect(await run(argv, createFakeContext({ respond: created }).ctx)).toBe(1); // flagged, and journaled as uncertain
    const resent = createFakeContext({ respond: created });
    expect(await run([...argv, '--resend-uncertain'], resent.ctx)).toBe(0);
    expect(resent.requests.map(lineOf)).toEqual([3]);
    expect(records(resent.out()).map((r) => [r.line, r.ok, r.uncertain ?? false])).toEqual([
      [1, true, false],
      [2, true, false],
      [3, true, false],
      [4, true, false],
    ]);
    const after = createFakeContext({ respond: created });
    expect(await run(argv, after.ctx)).toBe(0);
    expect(after.requests).toHaveLength(0);
  });

  it('sends again a started DELETE, which is safe to repeat, without flagging it', async () => {
    const input = paths(3);
    const checkpoint = join(dir, 'run.checkpoint');
    const deleted = () => json(200, { deleted: true });
    expect(await run(['files', 'delete', '--input', input, '--checkpoint', checkpoint, '--yes'], createFakeContext({ respond: deleted }).ctx)).toBe(0);
    cutRecords(checkpoint, [2]);
    const resumed = createFakeContext({ respond: deleted });
    expect(await run(['files', 'delete', '--input', input, '--checkpoint', checkpoint, '--yes'], resumed.ctx)).toBe(0);
    expect(resumed.requests.map(lineOf)).toEqual([2]);
    expect(records(resumed.out()).every((r) => r.ok && r.uncertain === undefined)).toBe(true);
    expect(resumed.err()).toMatch(/checkpoint \S+: 2 lines from it, 1 sent now, 0 uncertain\n$/);
  });

  it('sends again the lines refused with 401 once the credential is fixed: the halted run applied nothing for them', async () => {
    const input = deals(5);
    const checkpoint = join(dir, 'run.checkpoint');
    const halted = createFakeContext({ respond: (r) => (lineOf(r) >= 3 ? json(401, { error: { message: 'bad key' } }) : created(r)) });
    expect(await run(['crm', 'entries', 'create', 'deals', '--input', input, '--checkpoint', checkpoint, '--concurrency', '1'], halted.ctx)).toBe(4);
    const resumed = createFakeContext({ respond: created });
    expect(await run(['crm', 'entries', 'create', 'deals', '--input', input, '--checkpoint', checkpoint], resumed.ctx)).toBe(0);
    expect(resumed.requests.map(lineOf)).toEqual([3, 4, 5]);
    expect(records(resumed.out()).map((r) => r.result.entryId)).toEqual(['ent_1', 'ent_2', 'ent_3', 'ent_4', 'ent_5']);
  });

  it('refuses what it cannot resume: standard input, --dry-run, --resend-uncertain alone, a file that is not a checkpoint, a damaged entry', async () => {
    const input = deals(2);
    const notOurs = file('notes.txt', 'my notes\n');
    const checkpoint = join(dir, 'run.checkpoint');
    expect(await run(['crm', 'entries', 'create', 'deals', '--input', input, '--checkpoint', checkpoint], createFakeContext({ respond: created }).ctx)).toBe(0);
    const journal = readFileSync(checkpoint, 'utf8').split('\n');
    const damaged = file('damaged.checkpoint', [...journal.slice(0, 2), '{"line":1,"rec', ...journal.slice(2)].join('\n'));
    const cases: [string[], string][] = [
      [['--input', '-', '--checkpoint', checkpoint], 'svc: --checkpoint needs --input <file>: standard input cannot be read again to resume\n'],
      [
        ['--input', input, '--checkpoint', checkpoint, '--dry-run'],
        'svc: --checkpoint does not apply to --dry-run: nothing is sent, so there is nothing to resume\n',
      ],
      [['--input', input, '--resend-uncertain'], 'svc: --resend-uncertain needs --checkpoint <file>: only a checkpoint knows which lines are uncertain\n'],
      [['--input', input, '--checkpoint', notOurs], `svc: --checkpoint ${notOurs} is not an svc checkpoint file; name a new file (svc creates it)\n`],
      [
        ['--input', input, '--checkpoint', damaged],
        `svc: --checkpoint ${damaged}: entry 3 is damaged (only the last entry can be torn by a kill); it cannot be resumed safely\n`,
      ],
      [['--checkpoint', checkpoint], 'svc: --checkpoint needs --input <file | ->\n'],
      [['--input', input, '--checkpoint', input], `svc: --checkpoint ${input} is the input file; name another file\n`],
      [['--input', input, '--checkpoint', dir], `svc: --checkpoint: cannot open ${dir}: it is a directory\n`],
    ];
    for (const [flags, message] of cases) {
      const fake = createFakeContext({ respond: created });
      expect(await run(['crm', 'entries', 'create', 'deals', ...flags], fake.ctx), message).toBe(2);
      expect([fake.err(), fake.requests.length, fake.out()]).toEqual([message, 0, '']);
    }
    expect(readFileSync(notOurs, 'utf8')).toBe('my notes\n');
    // A rejects file may not be the checkpoint either.
    const fake = createFakeContext({ respond: created });
    expect(
      await run(['crm', 'entries', 'create', 'deals', '--input', input, '--checkpoint', checkpoint, '--rejects', `${dir}/./run.checkpoint`], fake.ctx),
    ).toBe(2);
    expect(fake.err()).toBe(`svc: --checkpoint ${checkpoint} is the --rejects file; name another file\n`);
  });

  it('drops a torn last entry and goes on after it', async () => {
    const input = deals(3);
    const checkpoint = join(dir, 'run.checkpoint');
    expect(
      await run(
        ['crm', 'entries', 'create', 'deals', '--input', input, '--checkpoint', checkpoint, '--concurrency', '1'],
        createFakeContext({ respond: created }).ctx,
      ),
    ).toBe(0);
    const journal = readFileSync(checkpoint, 'utf8');
    // Killed while writing line 3's record: half of it reached the file.
    const torn = journal.slice(0, journal.lastIndexOf('{"line":3,"record"') + 20);
    writeFileSync(checkpoint, torn);
    const resumed = createFakeContext({ respond: created });
    expect(await run(['crm', 'entries', 'create', 'deals', '--input', input, '--checkpoint', checkpoint], resumed.ctx)).toBe(1);
    expect(records(resumed.out()).map((r) => r.uncertain ?? false)).toEqual([false, false, true]);
    const entries = readFileSync(checkpoint, 'utf8').split('\n');
    expect(entries.at(-1)).toBe('');
    expect(entries.slice(0, -1).every((entry) => JSON.parse(entry) !== null)).toBe(true);
  });
});

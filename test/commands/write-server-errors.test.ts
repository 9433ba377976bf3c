import { closeSync, existsSync, mkdirSync, openSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { type AppliedAnswer, gatewayPage, startApplyingServer } from '../support/applying-server.js';
import { createClient } from '../../src/index.js';
import { runSvc } from '../support/svc.js';
import { tempFolder } from '../support/temp-folder.js';

// A write answered 500, 502 or 504 may have been applied: the server failed midway, or a gateway lost
// or timed out on the answer of an origin that applied it. svc, run in-process, against a service on
// 127.0.0.1 that applies every request and only then answers; its log says what took effect.

const TOKEN = 'svc_agent_gatewaysecret';
const CREATE = ['crm', 'entries', 'create', 'deals'];

/** Lines 1-5 answered 500, 6-10 502, 11-15 504 (a gateway's HTML page), 16 503, 17 201 and 18 409. */
function answerOfLine(line: number): AppliedAnswer {
  if (line <= 5) return { status: 500, body: { error: { message: 'Internal server error', type: 'api_error', code: 'internal_error' } } };
  if (line <= 10) return { status: 502, html: gatewayPage(502) };
  if (line <= 15) return { status: 504, html: gatewayPage(504) };
  if (line === 16) return { status: 503, body: { error: { message: 'Service unavailable', type: 'api_error', code: 'unavailable' } } };
  if (line === 17) return { status: 201, body: { entryId: 'ent_17' } };
  return { status: 409, body: { error: { message: 'An entry with this name exists', type: 'invalid_request_error', code: 'conflict' } } };
}
const lineOf = (body: string) => Number(/deal (\d+)/.exec(body)![1]);

async function applyingServer(answer: (line: number) => AppliedAnswer = answerOfLine) {
  // A read names its line in its path, a write in its body.
  const server = await startApplyingServer(({ body, url }) => answer(lineOf(body || decodeURIComponent(url))));
  onTestFinished(() => server.close());
  return { server, env: { SERVICE_BASE_URL: server.url, SERVICE_API_KEY: TOKEN, SVC_RETRY_BASE_MS: '1' } };
}

const deals = (count: number) => Array.from({ length: count }, (_, i) => JSON.stringify({ data: { name: `deal ${i + 1}` } }) + '\n');

function inputFile(lines: string[]) {
  const dir = tempFolder('svc-gateway-');
  const input = join(dir, 'deals.ndjson');
  writeFileSync(input, lines.join(''));
  return { dir, input, rejects: join(dir, 'rejects.ndjson'), uncertain: join(dir, 'rejects.uncertain.ndjson'), checkpoint: join(dir, 'deals.ckpt') };
}

type LineRecord = { line: number; ok: boolean; status: number | null; error?: { kind: string; message: string; mayHaveApplied?: boolean } };
const recordsOf = (stdout: string) =>
  stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as LineRecord);
const flagged = (records: LineRecord[]) => records.filter((r) => r.error?.mayHaveApplied === true).map((r) => r.line);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('a write answered 500, 502 or 504 in a batch', () => {
  it('is recorded as may have been applied, counted apart and kept out of the rejects file; 503 and 409 are plain failures', async () => {
    const { server, env } = await applyingServer();
    const lines = deals(18);
    const files = inputFile(lines);
    const run = await runSvc([...CREATE, '--input', files.input, '--rejects', files.rejects, '--concurrency', '4'], { env });
    expect(run.code).toBe(1);
    // Each line reached the service once, and every one of them took effect.
    expect(server.applied.map((r) => lineOf(r.body)).sort((a, b) => a - b)).toEqual(range(1, 18));
    const records = recordsOf(run.stdout);
    expect(records.map((r) => [r.line, r.status])).toEqual(range(1, 18).map((line) => [line, answerOfLine(line).status]));
    expect(flagged(records)).toEqual(range(1, 15));
    for (const record of records.slice(0, 15))
      expect(record.error).toMatchObject({
        kind: 'api',
        mayHaveApplied: true,
        message: expect.stringMatching(/; the POST may have been applied: check before sending it again$/),
      });
    expect(records[15]!.error).not.toHaveProperty('mayHaveApplied');
    expect(records[17]!.error).not.toHaveProperty('mayHaveApplied');
    // The rejects file holds what a run of it cannot apply twice; the lines that may have been applied lie apart, to check first.
    expect(readFileSync(files.rejects, 'utf8')).toBe(lines[15]! + lines[17]!);
    expect(readFileSync(files.uncertain, 'utf8')).toBe(lines.slice(0, 15).join(''));
    expect(run.stderr).toBe(
      `svc: 18 lines: 1 succeeded, 17 failed (2 written to ${files.rejects}; 15 may have been applied, written to ${files.uncertain}: check them before sending them again) in ${/in (\S+ \(\d+\/s\))\n$/.exec(run.stderr)?.[1]}\n`,
    );
  });

  it('a resumed run does not send them again, unless --resend-uncertain', async () => {
    let answer = answerOfLine;
    const { server, env } = await applyingServer((line) => answer(line));
    const lines = deals(18);
    const files = inputFile(lines);
    const argv = [...CREATE, '--input', files.input, '--checkpoint', files.checkpoint, '--rejects', files.rejects];
    expect((await runSvc(argv, { env })).code).toBe(1);
    expect(server.applied).toHaveLength(18);

    const resumed = await runSvc(argv, { env });
    expect(resumed.code).toBe(1);
    expect(server.applied).toHaveLength(18); // nothing sent
    expect(flagged(recordsOf(resumed.stdout))).toEqual(range(1, 15));
    expect(resumed.stderr).toMatch(
      /; checkpoint \S+: 3 lines from it, 0 sent now, 15 uncertain \(an earlier run may have applied them; not sent again: --resend-uncertain sends them\)\n$/,
    );
    expect(readFileSync(files.rejects, 'utf8')).toBe(lines[15]! + lines[17]!);
    expect(readFileSync(files.uncertain, 'utf8')).toBe(lines.slice(0, 15).join(''));

    // Checked, and not applied after all (say): --resend-uncertain sends those 15 lines, and only those.
    answer = (line) => ({ status: 201, body: { entryId: `ent_${line}` } });
    const resent = await runSvc([...argv, '--resend-uncertain'], { env });
    expect(
      server.applied
        .slice(18)
        .map((r) => lineOf(r.body))
        .sort((a, b) => a - b),
    ).toEqual(range(1, 15));
    expect(
      recordsOf(resent.stdout)
        .filter((r) => r.ok)
        .map((r) => r.line),
    ).toEqual([...range(1, 15), 17]);
    expect(resent.code).toBe(1); // 16 and 18 keep their recorded failures
    expect(readFileSync(files.uncertain, 'utf8')).toBe('');
  });

  it('a checkpoint an older svc wrote, whose records did not flag them, is read as this svc flags them', async () => {
    const { server, env } = await applyingServer((line) => (line === 1 ? answerOfLine(6) : line === 2 ? answerOfLine(17) : answerOfLine(18)));
    const lines = deals(3);
    const files = inputFile(lines);
    const argv = [...CREATE, '--input', files.input, '--checkpoint', files.checkpoint, '--rejects', files.rejects];
    expect((await runSvc(argv, { env })).code).toBe(1);
    // The 502 recorded as svc recorded it before it knew: a plain failure.
    const journal = readFileSync(files.checkpoint, 'utf8');
    const older = journal.replaceAll('; the POST may have been applied: check before sending it again', '').replaceAll(',"mayHaveApplied":true', '');
    expect(older).not.toBe(journal);
    writeFileSync(files.checkpoint, older);
    const resumed = await runSvc(argv, { env });
    expect(server.applied).toHaveLength(3); // nothing sent again
    expect(flagged(recordsOf(resumed.stdout))).toEqual([1]);
    expect(resumed.stderr).toMatch(/: 2 lines from it, 0 sent now, 1 uncertain \(/);
    expect(readFileSync(files.rejects, 'utf8')).toBe(lines[2]);
    expect(readFileSync(files.uncertain, 'utf8')).toBe(lines[0]);
  });

  it('an operation safe to repeat answered 502 is retried as before and never said to be maybe applied', async () => {
    const { server, env } = await applyingServer(() => ({ status: 502, html: gatewayPage(502) }));
    const files = inputFile([JSON.stringify({ path: 'deal 1.txt' }) + '\n']);
    const run = await runSvc(['files', 'delete', '--input', files.input, '--rejects', files.rejects, '--yes', '--retries', '1'], { env });
    expect(run.code).toBe(1);
    expect(server.applied).toHaveLength(2);
    expect(recordsOf(run.stdout)[0]!.error).not.toHaveProperty('mayHaveApplied');
    expect(readFileSync(files.rejects, 'utf8')).toBe(JSON.stringify({ path: 'deal 1.txt' }) + '\n');
    expect(run.stderr).not.toMatch(/may have been applied/);
  });
});

describe('a single write answered 500, 502 or 504', () => {
  it.each([500, 502, 504])('%i: sent once, exit 1, one line saying it may have been applied', async (status) => {
    const { server, env } = await applyingServer(() => answerOfLine(status === 500 ? 1 : status === 502 ? 6 : 11));
    const run = await runSvc([...CREATE, '--data', 'name=deal 1'], { env });
    expect(server.applied).toHaveLength(1);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(new RegExp(`^svc: .*HTTP ${status}\\b.*; the POST may have been applied: check before sending it again\\n$`));
  });

  it('503 is not: the service says it did not handle the request', async () => {
    const { server, env } = await applyingServer(() => answerOfLine(16));
    const run = await runSvc([...CREATE, '--data', 'name=deal 1'], { env });
    expect(server.applied).toHaveLength(1);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/HTTP 503/);
    expect(run.stderr).not.toMatch(/may have been applied/);
  });
});

describe('the library says it too', () => {
  it('client.call and client.batch results carry mayHaveApplied for a write answered 500, 502 or 504, and only for it', async () => {
    const { server } = await applyingServer();
    const client = createClient({ baseUrl: server.url, token: TOKEN, retries: { retries: 1, baseDelayMs: 1 } });
    const lines = range(1, 18).map((line) => ({ objectName: 'deals', body: { data: { name: `deal ${line}` } } }));
    const records = [];
    for await (const record of client.batch('crm_entries_create', lines)) records.push(record);
    expect(records.filter((r) => !r.result.ok && r.result.mayHaveApplied === true).map((r) => r.line)).toEqual(range(1, 15));
    expect(records.filter((r) => !r.result.ok).map((r) => r.result.status)).toEqual([...range(1, 16), 18].map((line) => answerOfLine(line).status));
    expect(server.applied).toHaveLength(18); // none retried
    const single = await client.call('crm_entries_create', lines[5]!);
    expect(single).toMatchObject({ ok: false, status: 502, mayHaveApplied: true });
    // A read answered 502 is retried, and its failure is not one that may have been applied.
    const read = await client.call('email_drafts_get', { draftId: 'deal 6' });
    expect(read).toMatchObject({ ok: false, status: 502, attempts: 2 });
    expect(read).not.toHaveProperty('mayHaveApplied');
  });
});

describe('the file beside the rejects file', () => {
  it('CSV: both files start with the header row, so each is an input of its own', async () => {
    const { env } = await applyingServer((line) => (line === 1 ? answerOfLine(6) : answerOfLine(18)));
    const dir = tempFolder('svc-gateway-');
    const csv = ['data.name', 'deal 1', 'deal 2'];
    writeFileSync(join(dir, 'deals.csv'), csv.join('\n') + '\n');
    const run = await runSvc([...CREATE, '--input', 'deals.csv', '--rejects', 'failed.csv'], { env, cwd: dir, input: '' });
    expect(run.code).toBe(1);
    expect(readFileSync(join(dir, 'failed.csv'), 'utf8')).toBe(`${csv[0]}\n${csv[2]}\n`);
    expect(readFileSync(join(dir, 'failed.uncertain.csv'), 'utf8')).toBe(`${csv[0]}\n${csv[1]}\n`);
    expect(run.stderr).toMatch(
      / \(1 written to failed\.csv; 1 may have been applied, written to failed\.uncertain\.csv: check them before sending them again\) /,
    );
  });

  it('one that is the input is refused before anything is sent or emptied, an earlier rejects file included', async () => {
    const { server, env } = await applyingServer();
    const files = inputFile(deals(3));
    writeFileSync(files.rejects, 'an earlier run\n');
    symlinkSync(files.input, files.uncertain);
    const run = await runSvc([...CREATE, '--input', files.input, '--rejects', files.rejects], { env });
    expect(run).toMatchObject({ code: 2, stdout: '', stderr: `svc: --rejects ${files.uncertain} is the input file; name another file\n` });
    expect(readFileSync(files.rejects, 'utf8')).toBe('an earlier run\n');
    expect(readFileSync(files.input, 'utf8')).toBe(deals(3).join(''));
    expect(server.applied).toEqual([]);
  });

  it('a --checkpoint of that name is refused', async () => {
    const { server, env } = await applyingServer();
    const files = inputFile(deals(3));
    const run = await runSvc([...CREATE, '--input', files.input, '--rejects', files.rejects, '--checkpoint', files.uncertain], { env });
    expect(run).toMatchObject({
      code: 2,
      stderr: `svc: --checkpoint ${files.uncertain} is where --rejects puts the lines that may have been applied; name another file\n`,
    });
    expect(server.applied).toEqual([]);
  });

  it('a rejects path that leads to a file elsewhere (/dev/fd/N, a link) has it beside that file, where one can be made', async () => {
    const { server, env } = await applyingServer();
    const files = inputFile(deals(2).map((line, i) => (i === 0 ? line : JSON.stringify({ data: { name: 'deal 18' } }) + '\n')));
    // An open descriptor, as `--rejects /dev/fd/3 3>failed.ndjson` gives one: nothing can be made in /dev/fd.
    const dir = realpathSync(files.dir); // where a link leads, named as the file system names it
    const target = join(dir, 'failed.ndjson');
    const fd = openSync(target, 'w');
    onTestFinished(() => closeSync(fd));
    const run = await runSvc([...CREATE, '--input', files.input, '--rejects', `/dev/fd/${fd}`], { env });
    expect(run.code).toBe(1);
    expect(server.applied).toHaveLength(2);
    expect(readFileSync(target, 'utf8')).toBe(JSON.stringify({ data: { name: 'deal 18' } }) + '\n');
    expect(readFileSync(join(dir, 'failed.uncertain.ndjson'), 'utf8')).toBe(deals(1)[0]);
    expect(run.stderr).toContain(`1 may have been applied, written to ${join(dir, 'failed.uncertain.ndjson')}:`);
    // A link of the user's into another folder: beside its target too, where its lock is.
    mkdirSync(join(files.dir, 'kept'));
    symlinkSync(join(files.dir, 'kept', 'failed.ndjson'), join(files.dir, 'link.ndjson'));
    expect((await runSvc([...CREATE, '--input', files.input, '--rejects', join(files.dir, 'link.ndjson')], { env })).code).toBe(1);
    expect(readFileSync(join(files.dir, 'kept', 'failed.uncertain.ndjson'), 'utf8')).toBe(deals(1)[0]);
    expect(existsSync(join(files.dir, 'link.uncertain.ndjson'))).toBe(false);
  });

  it('one that cannot be made is refused before anything is sent, saying what it is for', async () => {
    const { server, env } = await applyingServer();
    const files = inputFile(deals(1));
    writeFileSync(files.rejects, '');
    mkdirSync(files.uncertain); // a folder where the file should be: it cannot be written, as in a read-only folder
    const run = await runSvc([...CREATE, '--input', files.input, '--rejects', files.rejects], { env });
    expect(run).toMatchObject({ code: 2, stdout: '' });
    expect(run.stderr).toMatch(new RegExp(`^svc: --rejects: cannot write ${files.uncertain}, where the lines that may have been applied go: `));
    expect(server.applied).toEqual([]);
  });

  it('a rejects destination that is not a file (/dev/null) has no beside: every failed line goes there', async () => {
    const { env } = await applyingServer();
    const files = inputFile(deals(2));
    const run = await runSvc([...CREATE, '--input', files.input, '--rejects', '/dev/null'], { env });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/ 2 failed \(written to \/dev\/null; 2 of them may have been applied: check them before sending them again\) /);
    expect(existsSync('/dev/null.uncertain')).toBe(false);
  });
});

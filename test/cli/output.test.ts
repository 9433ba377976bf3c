import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/run.js';
import { createFakeContext, json } from '../support/fake-context.js';
import { tempFolder } from '../support/temp-folder.js';

const LIST = ['crm', 'tasks', 'series', 'occurrences', 'list', 'ser_1'];
const occurrences = [
  { taskId: 'tsk_1', title: 'Review', status: 'done' },
  { taskId: 'tsk_2', title: 'Review', status: 'open' },
];
const preview = { subject: 'Welcome, Ada', htmlBody: '<p>Hi Ada,</p><p>Welcome to Acme &amp; Co.</p>', variableNames: ['firstName', 'company'] };
const PREVIEW = ['email', 'templates', 'preview', 'tpl_welcome', '--data', 'firstName=Ada'];

async function svc(argv: string[], options: { tty?: boolean; body?: unknown } = {}) {
  const fake = createFakeContext({ tty: options.tty, respond: () => json(200, options.body ?? occurrences), env: { NO_COLOR: '1' } });
  const code = await run(argv, fake.ctx);
  return { code, out: fake.out(), err: fake.err(), sent: fake.requests.length };
}

describe('--output', () => {
  it.each([
    ['json', `${JSON.stringify(occurrences, null, 2)}\n`],
    ['ndjson', '{"taskId":"tsk_1","title":"Review","status":"done"}\n{"taskId":"tsk_2","title":"Review","status":"open"}\n'],
    ['yaml', '- taskId: tsk_1\n  title: Review\n  status: done\n- taskId: tsk_2\n  title: Review\n  status: open\n'],
    ['table', 'taskId  title   status\ntsk_1   Review  done\ntsk_2   Review  open\n'],
  ])('%s, before or after the command words', async (format, expected) => {
    expect(await svc([...LIST, '--output', format])).toMatchObject({ code: 0, out: expected, err: '' });
    expect(await svc(['--output', format, ...LIST])).toMatchObject({ code: 0, out: expected, err: '' });
  });

  it('defaults to a table for a list of objects on a terminal, JSON when piped', async () => {
    expect((await svc(LIST, { tty: true })).out).toBe('taskId  title   status\ntsk_1   Review  done\ntsk_2   Review  open\n');
    expect((await svc(LIST)).out).toBe(`${JSON.stringify(occurrences, null, 2)}\n`);
  });

  it('defaults to JSON for an object, even on a terminal', async () => {
    const draft = { ok: true, kind: 'email', draftId: 'd', syncStatus: 's', revision: 1 };
    expect((await svc(['email', 'drafts', 'get', 'd'], { tty: true, body: draft })).out).toBe(`${JSON.stringify(draft, null, 2)}\n`);
  });

  it('refuses an unknown format with one line, exit 2, nothing sent', async () => {
    expect(await svc([...LIST, '--output', 'xml'])).toEqual({
      code: 2,
      out: '',
      err: "svc: option '--output <format>' argument 'xml' is invalid. Allowed choices are json, yaml, table, ndjson.\n",
      sent: 0,
    });
  });
});

describe('--query', () => {
  it('applies JMESPath before formatting', async () => {
    expect((await svc([...LIST, '--query', "[?status=='open'].taskId"])).out).toBe('[\n  "tsk_2"\n]\n');
    expect((await svc(['--query', '[].taskId', '--output', 'ndjson', ...LIST])).out).toBe('"tsk_1"\n"tsk_2"\n');
    expect((await svc([...LIST, '--query', '[].{id: taskId}', '--output', 'table'], { tty: true })).out).toBe('id\ntsk_1\ntsk_2\n');
  });

  it('refuses a bad expression before sending, pointing at the fault', async () => {
    expect(await svc([...LIST, '--query', '[?status==`open`] | foo bar'])).toEqual({
      code: 2,
      out: '',
      err: 'svc: --query: unexpected "bar" at column 25 in "[?status==`open`] | foo bar"\n',
      sent: 0,
    });
    expect(await svc([...LIST, '--query', 'nope(@)'])).toMatchObject({
      code: 2,
      err: 'svc: --query: unknown function nope() at column 1 in "nope(@)"\n',
      sent: 0,
    });
  });

  it('says so when the expression cannot apply to the answer, prints the answer whole, and never claims nothing was sent', async () => {
    const result = await svc([...LIST, '--query', 'abs(@)']);
    expect(result).toMatchObject({ code: 6, sent: 1 });
    expect(result.out).toBe(`${JSON.stringify(occurrences)}\n`);
    expect(result.err).toMatch(
      /^svc: --query could not be applied to the response: .*abs\(\).*; the whole response is printed instead \(the GET was sent and answered HTTP 200\)\n$/,
    );
  });
});

describe('template preview', () => {
  it('on a terminal shows the subject, the variables used and the HTML as text', async () => {
    expect((await svc(PREVIEW, { tty: true, body: preview })).out).toBe(
      'Subject:         Welcome, Ada\nVariables used:  firstName, company\n\nHi Ada,\n\nWelcome to Acme & Co.\n',
    );
  });

  it('piped, or with --output or --query, is the response itself', async () => {
    expect(JSON.parse((await svc(PREVIEW, { body: preview })).out)).toEqual(preview);
    expect(JSON.parse((await svc([...PREVIEW, '--output', 'json'], { tty: true, body: preview })).out)).toEqual(preview);
    expect((await svc([...PREVIEW, '--query', 'subject'], { tty: true, body: preview })).out).toBe('"Welcome, Ada"\n');
  });

  it('--save-html writes the HTML body to a file', async () => {
    const file = join(tempFolder('svc-html-'), 'preview.html');
    const result = await svc([...PREVIEW, '--save-html', file], { body: preview });
    expect(result.code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(preview.htmlBody);
    expect(result.err).toBe(`svc: wrote htmlBody (${preview.htmlBody.length} bytes) to ${file}\n`);
  });

  it('--save-html into a folder that does not exist sends nothing', async () => {
    expect(await svc([...PREVIEW, '--save-html', '/nonexistent/dir/p.html'], { body: preview })).toEqual({
      code: 2,
      out: '',
      err: 'svc: --save-html: the folder /nonexistent/dir does not exist\n',
      sent: 0,
    });
  });
});

describe('help', () => {
  it('shows each flag with the form of its value, and says required only of what is, and when', async () => {
    const fake = createFakeContext();
    expect(await run(['email', 'templates', 'preview', '--help'], fake.ctx)).toBe(0);
    const help = fake
      .out()
      .replace(/ \\\n\s*/g, ' ')
      .replace(/\s+/g, ' '); // an example broken with a shell continuation reads back whole
    expect(help).toContain('Arguments: templateId identifier of the managed email campaign template Options:');
    expect(help).toContain(
      '--data <key=value> personalization values keyed by variable name, used for the {{variable}} placeholders of the template; key=value, key:=json or key[]=value; repeatable, a repeated key keeps every value (required unless --body or --input gives it)',
    );
    expect(help).toContain('--save-html <file> write the rendered HTML body to this file, to open in a browser -h, --help');
    expect(help).toContain('--output <format>');
    expect(help).toContain('Examples: svc email templates preview tpl_welcome --data firstName=Ada --data company=Acme');
  });

  it("gives each flag the spec's meaning and states the person's rule", async () => {
    const fake = createFakeContext();
    expect(await run(['campaigns', 'person', 'add', '--help'], fake.ctx)).toBe(0);
    const help = fake.out().replace(/\s+/g, ' ');
    expect(help).toContain('--display-name <string> display name of the person --email');
    expect(help).toContain('--check-duplicates-across-workspace whether duplicates are checked across the whole workspace; sends true --no-check');
    expect(help).toContain('Rules: at least one of --email and --linkedin-profile-url: a person needs an email or a LinkedIn profile URL (or both)');
  });
});

import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeFolder } from '../../src/areas/store-folder.js';
import { descriptionFile, MEETINGS } from '../areas/descriptions.js';
import { startScriptedServer, type ScriptedServer } from '../support/scripted-server.js';
import { freshConfigDir, runSvc } from '../support/svc.js';
import { tempFolder } from '../support/temp-folder.js';

// `svc areas add` of a description, then its operations as commands like svc's own, in this process
// against a server on 127.0.0.1 that records what it receives: method, path, query, headers, body.

const MEETING = { id: 'mt_1', title: 'Plan', startsAt: '2026-12-01T10:00:00Z', minutes: 30 };
let server: ScriptedServer;
let configDir: string;
const env = () => ({ SVC_CONFIG_DIR: configDir, SERVICE_BASE_URL: server.url, SERVICE_API_KEY: 'svc_test_key' });
const svc = (args: string[], input?: string) => runSvc(args, { env: env(), ...(input === undefined ? {} : { input }) });
const last = () => server.received.at(-1)!;

beforeAll(async () => {
  server = await startScriptedServer();
  configDir = freshConfigDir();
  server.script('/v1/meetings/mt_1', { body: MEETING });
  server.script('/v1/meetings', { status: 201, body: MEETING });
  const added = await svc(['areas', 'add', descriptionFile(MEETINGS)]);
  expect(added.code, added.stderr).toBe(0);
});
afterAll(() => server.close());

describe('svc areas add, from a file', () => {
  it('says what it added, and every construct it mapped, on stderr', async () => {
    const again = await svc(['areas', 'add', descriptionFile(MEETINGS)]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toMatch(
      /^svc areas: 6 operations in 1 area \(meetings\) added to profile "default" from .*openapi\.json \(Workspace API: meetings 2026-11\) in \d+\.\d s\n/,
    );
    expect(again.stderr).toContain('svc areas: meetings replaces the area of that name added before');
    expect(again.stdout).toBe('');
  });

  it('keeps it compiled in the profile’s folder of svc’s config folder: an index and one file for the area', () => {
    const folder = storeFolder({ SVC_CONFIG_DIR: configDir }, 'default');
    expect(folder).toBe(join(configDir, 'areas', 'default'));
    expect(readdirSync(folder).sort()).toEqual(
      [expect.stringMatching(/^index\.json(\.lock)?$/), expect.stringMatching(/^meetings\.[0-9a-f]{16}\.json$/)].sort(),
    );
    const index = JSON.parse(readFileSync(join(folder, 'index.json'), 'utf8'));
    expect(index.areas.meetings).toMatchObject({ summary: 'Meetings and their invitees', operations: 6, source: { tag: 'meetings' } });
  });

  it('lists it, with where it came from', async () => {
    const list = await svc(['areas', 'list', '--output', 'json']);
    expect(list.code, list.stderr).toBe(0);
    expect(JSON.parse(list.stdout)).toEqual([
      expect.objectContaining({
        area: 'meetings',
        operations: 6,
        summary: 'Meetings and their invitees',
        description: 'Workspace API: meetings 2026-11',
        state: 'ready',
      }),
    ]);
  });
});

describe("an added area's operations are commands like svc's own", () => {
  it('GET with a path parameter', async () => {
    const run = await svc(['meetings', 'get', 'mt_1']);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(MEETING);
    expect(last()).toMatchObject({ method: 'GET', url: '/v1/meetings/mt_1', body: '' });
    expect(last().headers.authorization).toBe('Bearer svc_test_key');
  });

  it('POST with body fields as flags, a header parameter, and the body checked before sending', async () => {
    const run = await svc([
      'meetings',
      'schedule',
      '--title',
      'Plan',
      '--starts-at',
      '2026-12-01T10:00:00Z',
      '--invitees',
      'a@example.com',
      '--idempotency-key',
      'k-1',
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(last()).toMatchObject({ method: 'POST', url: '/v1/meetings' });
    expect(JSON.parse(last().body)).toEqual({ title: 'Plan', startsAt: '2026-12-01T10:00:00Z', invitees: ['a@example.com'] });
    expect(last().headers['idempotency-key']).toBe('k-1');
    const count = server.received.length;
    const bad = await svc(['meetings', 'schedule', '--title', 'Plan', '--starts-at', 'tomorrow']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^svc: invalid input: --starts-at: /);
    expect(server.received.length).toBe(count);
  });

  it('query parameters, a list one repeated, as flags', async () => {
    server.script('/v1/meetings?from=2026-12-01&room=a&room=b', { body: { meetings: [MEETING], nextCursor: null } });
    const run = await svc(['meetings', 'list', '--from', '2026-12-01', '--room', 'a', '--room', 'b']);
    expect(run.code, run.stderr).toBe(0);
    expect(last()).toMatchObject({ method: 'GET', url: '/v1/meetings?from=2026-12-01&room=a&room=b' });
  });

  it('--paginate follows the declared cursor', async () => {
    server.script('/v1/meetings', { body: { meetings: [MEETING], nextCursor: 'c2' } });
    server.script('/v1/meetings?cursor=c2', { body: { meetings: [{ ...MEETING, id: 'mt_2' }], nextCursor: null } });
    const run = await svc(['meetings', 'list', '--paginate']);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).map((meeting: { id: string }) => meeting.id)).toEqual(['mt_1', 'mt_2']);
    expect(server.received.slice(-2).map((request) => request.url)).toEqual(['/v1/meetings', '/v1/meetings?cursor=c2']);
    server.script('/v1/meetings', { status: 201, body: MEETING });
  });

  it('--dry-run prints the request and sends nothing', async () => {
    const count = server.received.length;
    const run = await svc(['meetings', 'update', 'mt_1', '--minutes', '45', '--dry-run']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`^PATCH ${server.url}/meetings/mt_1\\n`));
    expect(JSON.parse(run.stdout.slice(run.stdout.indexOf('{')))).toEqual({ minutes: 45 });
    expect(server.received.length).toBe(count);
  });

  it('a destructive operation asks, and without a terminal is refused unless --yes', async () => {
    server.script('/v1/meetings/mt_9', { status: 204 });
    const refused = await svc(['meetings', 'cancel', 'mt_9']);
    expect(refused.code).toBe(2);
    const count = server.received.length;
    expect(count).toBe(server.received.filter((request) => request.url !== '/v1/meetings/mt_9').length);
    const done = await svc(['meetings', 'cancel', 'mt_9', '--yes']);
    expect(done.code, done.stderr).toBe(0);
    expect(last()).toMatchObject({ method: 'DELETE', url: '/v1/meetings/mt_9' });
  });

  it('--input runs one call per line, with a checkpoint a second run resumes from', async () => {
    const folder = tempFolder('svc-areas-batch-');
    const lines = join(folder, 'lines.ndjson');
    writeFileSync(lines, '{"meetingId":"mt_1"}\n{"meetingId":"mt_1","title":"Again"}\n');
    const checkpoint = join(folder, 'run.checkpoint');
    const count = server.received.length;
    const run = await svc(['meetings', 'update', '--input', lines, '--checkpoint', checkpoint, '--concurrency', '1']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.trim().split('\n')).toHaveLength(2);
    expect(server.received.slice(count).map((request) => [request.method, request.url, request.body])).toEqual([
      ['PATCH', '/v1/meetings/mt_1', ''],
      ['PATCH', '/v1/meetings/mt_1', '{"title":"Again"}'],
    ]);
    const again = await svc(['meetings', 'update', '--input', lines, '--checkpoint', checkpoint]);
    expect(again.code, again.stderr).toBe(0);
    expect(server.received.length).toBe(count + 2);
  });

  it('--wait-for calls a read again until its condition holds on the answer', async () => {
    let polls = 0;
    const count = server.received.length;
    server.script('/v1/meetings/mt_w', { body: { ...MEETING, id: 'mt_w', minutes: 15 } });
    const run = runSvc(['meetings', 'get', 'mt_w', '--wait-for', 'minutes == `45`', '--wait-interval', '0.1'], { env: env() });
    // Once the first poll has been answered, the service moves on (or svc has stopped already, and the checks below say why).
    await Promise.race([server.receivedCount(count + 1), run]);
    polls = server.received.length - count;
    server.script('/v1/meetings/mt_w', { body: { ...MEETING, id: 'mt_w', minutes: 45 } });
    const done = await run;
    expect(done.code, done.stderr).toBe(0);
    expect(JSON.parse(done.stdout).minutes).toBe(45);
    expect(polls).toBeGreaterThanOrEqual(1);
    expect(server.received.slice(count).every((request) => request.method === 'GET' && request.url === '/v1/meetings/mt_w')).toBe(true);
    // A write that is not safe to repeat refuses it, as svc's own do.
    const refused = await svc(['meetings', 'schedule', '--title', 'x', '--starts-at', '2026-12-01T10:00:00Z', '--wait-for', 'exists']);
    expect(refused.code).toBe(2);
  });

  it("svc mcp lists them as tools, each with its operation's safety", async () => {
    const tools = await svc(['mcp', 'tools', '--json']);
    expect(tools.code, tools.stderr).toBe(0);
    const listed = (JSON.parse(tools.stdout) as { tools: { name: string; annotations: { readOnlyHint: boolean; destructiveHint: boolean } }[] }).tools;
    expect(listed.find((tool) => tool.name === 'meetings_get')?.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    expect(listed.find((tool) => tool.name === 'meetings_cancel')?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(listed.map((tool) => tool.name)).toContain('email_drafts_get');
  });

  it('the library calls them by operation id, untyped, from the profile it names', async () => {
    const { createClient } = await import('../../src/index.js');
    const client = createClient({ baseUrl: server.url, token: 'svc_test_key', addedAreas: { env: { SVC_CONFIG_DIR: configDir } } });
    const result = await client.callUntyped('meetings_get', { meetingId: 'mt_1' });
    expect(result).toMatchObject({ ok: true, status: 200, data: MEETING });
    expect(last()).toMatchObject({ method: 'GET', url: '/v1/meetings/mt_1' });
    const count = server.received.length;
    const invalid = await client.callUntyped('meetings_schedule', { body: { title: '' } });
    expect(invalid).toMatchObject({ ok: false, error: { kind: 'invalid' } });
    const unknown = await client.callUntyped('meetings_nope', {});
    expect(unknown).toMatchObject({ ok: false, error: { kind: 'invalid', message: 'the added area meetings has no operation "meetings_nope"' } });
    const elsewhere = createClient({ baseUrl: server.url, token: 'svc_test_key', addedAreas: { profile: 'nobody', env: { SVC_CONFIG_DIR: configDir } } });
    expect(await elsewhere.callUntyped('meetings_get', { meetingId: 'mt_1' })).toMatchObject({
      ok: false,
      error: { kind: 'invalid', message: `no operation "meetings_get" in svc's registry or the areas added to profile "nobody"` },
    });
    expect(server.received.length).toBe(count);
    // svc's own operations too, untyped.
    server.script('/v1/email/drafts/dr_1', { body: { draftId: 'dr_1' } });
    expect(await client.callUntyped('email_drafts_get', { draftId: 'dr_1' })).toMatchObject({ status: 200 });
  });

  it('help and man-style help, from the description', async () => {
    const group = await svc(['meetings', '--help']);
    expect(group.code).toBe(0);
    expect(group.stdout).toContain('Meetings and their invitees');
    expect(group.stdout).toMatch(/schedule \[options\]\s+Schedule a meeting/);
    expect(group.stdout).toContain('svc meetings invitees list <meetingId>');
    const help = await svc(['help', 'meetings', 'schedule']);
    expect(help.code).toBe(0);
    expect(help.stdout).toBe((await svc(['meetings', 'schedule', '--help'])).stdout);
    expect(help.stdout).toMatch(/--title <string>\s+what the meeting is about/);
    expect(help.stdout).toContain('POST /meetings');
    const root = await svc(['--help']);
    expect(root.stdout).toMatch(/\n {2}meetings\s+Meetings and their invitees\n/);
    const args = await svc(['help', 'meetings', 'get']);
    expect(args.stdout).toMatch(/meetingId\s+identifier of the meeting/);
  });

  it('svc ops lists them and shows one in full', async () => {
    const ops = await svc(['ops', '--output', 'json']);
    expect(ops.code, ops.stderr).toBe(0);
    const ids = JSON.parse(ops.stdout).map((op: { id: string }) => op.id);
    expect(ids).toEqual(expect.arrayContaining(['meetings_schedule', 'meetings_invitees_list', 'email_drafts_get']));
    const one = await svc(['ops', 'meetings', 'schedule', '--output', 'json']);
    expect(JSON.parse(one.stdout)).toMatchObject({ id: 'meetings_schedule', method: 'POST', path: '/meetings' });
  });

  it('completion completes them', async () => {
    const bash = await svc(['completion', 'bash']);
    expect(bash.code, bash.stderr).toBe(0);
    expect(bash.stdout).toContain('meetings');
    expect(bash.stdout).toContain('invitees');
    expect(bash.stdout).toContain('--starts-at');
  });

  it('are the profile’s: another profile has none of them', async () => {
    const other = await svc(['--profile', 'work', 'meetings', 'get', 'mt_1']);
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(/unknown command 'meetings'/);
    const folder = descriptionFile(MEETINGS);
    const work = await svc(['areas', 'add', folder, '--profile', 'work']);
    expect(work.code, work.stderr).toBe(0);
    expect(existsSync(join(configDir, 'areas', 'work', 'index.json'))).toBe(true);
    expect((await svc(['meetings', 'get', 'mt_1', '--profile', 'work'])).code).toBe(0);
    expect((await runSvc(['meetings', 'get', 'mt_1'], { env: { ...env(), SERVICE_PROFILE: 'work' } })).code).toBe(0);
  });
});

describe("completion of an added command's values", () => {
  it('offers the values a shell takes as one word, and leaves out those it would split or act on', async () => {
    const dir = freshConfigDir();
    const values = ['open', 'in-review', 'v1.2', 'in progress', "it's", '$(touch pwned)', 'a|b', 'x;y'];
    const doc = {
      openapi: '3.1.0',
      info: { title: 'States', version: '1' },
      paths: {
        '/items': {
          get: {
            tags: ['items'],
            operationId: 'list',
            'x-svc-safety': 'safe',
            parameters: [{ name: 'state', in: 'query', schema: { type: 'string', enum: values } }],
            responses: { '200': { description: 'OK' } },
          },
        },
      },
    };
    expect((await runSvc(['areas', 'add', descriptionFile(doc)], { env: { SVC_CONFIG_DIR: dir } })).code).toBe(0);
    for (const shell of ['bash', 'zsh', 'fish']) {
      const script = (await runSvc(['completion', shell], { env: { SVC_CONFIG_DIR: dir } })).stdout;
      // The flag's row of values: one line in bash and zsh, a case and its echo in fish.
      const row = script.slice(script.indexOf("'items list --state'")).split('\n').slice(0, 2).join('\n');
      expect(row, shell).toMatch(/open in-review v1\.2'/);
      for (const value of ['in progress', 'touch', 'a|b', 'x;y', "'\\''"]) expect(row, shell).not.toContain(value);
    }
    const help = await runSvc(['items', 'list', '--help'], { env: { SVC_CONFIG_DIR: dir } });
    expect(help.stdout.replace(/\s+/g, ' ')).toContain('"in progress"');
  });
});

describe('svc areas add, with --areas and --rename given again', () => {
  it('adds to each list, as one comma-separated flag does', async () => {
    const dir = freshConfigDir();
    const get = (tag: string) => ({
      get: { tags: [tag], operationId: 'get', summary: 'Read', 'x-svc-safety': 'safe', responses: { '200': { description: 'OK' } } },
    });
    const three = { openapi: '3.1.0', info: { title: 'Three', version: '1' }, paths: { '/a': get('one'), '/b': get('two'), '/c': get('three') } };
    const argv = ['areas', 'add', descriptionFile(three), '--areas', 'one', '--areas', 'two', '--rename', 'one=first', '--rename', 'two=second'];
    const added = await runSvc(argv, { env: { SVC_CONFIG_DIR: dir } });
    expect(added.code, added.stderr).toBe(0);
    expect(added.stderr).toMatch(/^svc areas: 2 operations in 2 areas \(first, second\) added/);
  });
});

describe('svc areas remove', () => {
  it('takes the area out: its commands are gone, its file too', async () => {
    const added = await svc(['areas', 'add', descriptionFile(MEETINGS), '--profile', 'gone']);
    expect(added.code, added.stderr).toBe(0);
    const removed = await svc(['areas', 'remove', 'meetings', '--profile', 'gone']);
    expect(removed.code, removed.stderr).toBe(0);
    expect(removed.stderr).toBe('svc areas: removed meetings from profile "gone"\n');
    expect(readdirSync(join(configDir, 'areas', 'gone')).filter((name) => name.startsWith('meetings.'))).toEqual([]);
    const call = await svc(['meetings', 'get', 'mt_1', '--profile', 'gone']);
    expect(call.code).toBe(2);
    const unknown = await svc(['areas', 'remove', 'meetings', '--profile', 'gone']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe('svc: no area "meetings" has been added to profile "gone"\n');
  });
});

import { existsSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { descriptionFile, MEETINGS } from '../areas/descriptions.js';
import { startScriptedServer, type ScriptedServer } from '../support/scripted-server.js';
import { freshConfigDir, runSvc, type SvcRun } from '../support/svc.js';

// What `svc areas add` refuses, as `npm run registry:import` refuses it: one line, exit 2, and
// nothing stored. And a store that cannot be used: one line, and svc goes on with its own areas.

type Node = Record<string, unknown>;

let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedServer();
  server.script('/v1/email/drafts/dr_1', { body: { draftId: 'dr_1' } });
});
afterAll(() => server.close());

const env = (configDir: string) => ({ SVC_CONFIG_DIR: configDir, SERVICE_BASE_URL: server.url, SERVICE_API_KEY: 'svc_test_key' });
const oneLine = (run: SvcRun): string => {
  expect(run.stderr.split('\n').filter(Boolean)).toHaveLength(1);
  return run.stderr.trim();
};

const op = (tag: string, operationId: string, parts: Node = {}): Node => ({
  tags: [tag],
  operationId,
  summary: `the ${operationId} operation`,
  'x-svc-safety': 'safe',
  responses: { '200': { description: 'OK', content: { 'application/json': { schema: { type: 'object' } } } } },
  ...parts,
});
const doc = (paths: Node, extra: Node = {}): Node => ({ openapi: '3.1.0', info: { title: 'Hostile', version: '1' }, paths, ...extra });

/** Adds `document` to a fresh profile folder and expects a refusal: exit 2, one line, nothing stored. */
async function refused(document: unknown, ...flags: string[]): Promise<string> {
  const configDir = freshConfigDir();
  const run = await runSvc(['areas', 'add', descriptionFile(document, typeof document === 'string' ? 'openapi.yaml' : 'openapi.json'), ...flags], {
    env: env(configDir),
  });
  expect(run.code, run.stderr).toBe(2);
  expect(existsSync(join(configDir, 'areas', 'default', 'index.json'))).toBe(false);
  expect(existsSync(join(configDir, 'areas', 'default')) ? readdirSync(join(configDir, 'areas', 'default')) : []).toEqual([]);
  return oneLine(run);
}

describe('svc areas add refuses, storing nothing', () => {
  it.each<[string, Node, RegExp]>([
    [
      'an area named like a built-in command',
      doc({ '/a': { get: op('auth', 'x') } }),
      /the area "auth" has the name of the built-in command svc auth; name it otherwise with --rename auth=<name>/,
    ],
    ['an area named areas', doc({ '/a': { get: op('areas', 'x') } }), /the area "areas" has the name of the built-in command svc areas/],
    [
      'an area named like a help topic',
      doc({ '/a': { get: op('Credentials', 'x') } }),
      /the area "credentials" has the name of the help topic svc help credentials/,
    ],
    [
      'an area built into svc',
      doc({ '/mail': { get: op('email', 'read') } }),
      /the area "email" is built into svc; add it under another name with --rename email=<name>/,
    ],
    [
      'an operation on a route built into svc',
      doc({ '/email/drafts/{id}': { get: op('post', 'get', { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }] }) } }),
      /post_get \(GET \/email\/drafts\/\{id\}\) has the method and path of email_drafts_get \(GET \/email\/drafts\/\{draftId\}, built into svc\)/,
    ],
    ['two operations with one id', doc({ '/a': { get: op('pets', 'getPet') }, '/b': { get: op('pets', 'get-pet') } }), /map to one id/],
    [
      'a reference to another document',
      doc({ '/a': { get: op('pets', 'x', { responses: { '200': { $ref: 'other.json#/r' } } }) } }),
      /refers to another document/,
    ],
    [
      'a loop of references',
      doc(
        { '/a': { get: op('pets', 'x', { parameters: [{ $ref: '#/components/parameters/A' }] }) } },
        { components: { parameters: { A: { $ref: '#/components/parameters/B' }, B: { $ref: '#/components/parameters/A' } } } },
      ),
      /form a loop/,
    ],
    ['a reference to nothing', doc({ '/a': { get: op('pets', 'x', { responses: { '200': { $ref: '#/nowhere' } } }) } }), /a reference to nothing/],
    ['Swagger 2.0', { swagger: '2.0', paths: {} }, /is Swagger 2\.0; convert it to OpenAPI 3 first/],
    ['OpenAPI 4', { openapi: '4.0.0', paths: {} }, /only 3\.0\.x and 3\.1\.x can be imported/],
    ['no operation at all', doc({}), /the description has no operation to import/],
    ...['/../{id}', '/a/./{id}', '/a/{id}/../../../b', '/a//{id}', '/a/%2e%2E/{id}', '/a/%252e%252e/{id}', '/a/\uff0e\uff0e/{id}', '/a\\..\\{id}'].map(
      (path): [string, Node, RegExp] => [
        `a path that would leave the API's: ${path}`,
        doc({ [path]: { get: op('pets', 'x', { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }] }) } }),
        /the path ".*" holds (an empty segment \("\/\/"\)|a "\." or "\.\." segment|a backslash), which would take a request out of the API's path/,
      ],
    ),
    ...['/a?admin=1', '/a#x', '/a b', '/a/\u0000'].map((path): [string, Node, RegExp] => [
      `a path with a character that is no part of one: ${JSON.stringify(path)}`,
      doc({ [path]: { get: op('pets', 'x') } }),
      /the path ".*" holds .*, which no path of an API holds/,
    ]),
  ])('%s', async (_name, document, message) => {
    const line = await refused(document);
    expect(line).toMatch(/^svc: /);
    expect(line).toMatch(message);
  });

  it('YAML that multiplies itself (a billion laughs), by its aliases, before it grows', async () => {
    const lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < 12; i++)
      lines.push(
        `${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9)
          .fill(`*${String.fromCharCode(96 + i)}`)
          .join(',')}]`,
      );
    expect(await refused(`openapi: 3.1.0\n${lines.join('\n')}\npaths: {}\n`)).toMatch(/^svc: .*openapi\.yaml is not valid YAML: .*alias/i);
  });

  it('a file that is not UTF-8, or over the size of any description', async () => {
    const configDir = freshConfigDir();
    const latin1 = descriptionFile('');
    writeFileSync(latin1, Buffer.from('{"openapi":"3.1.0","info":{"title":"caf\xe9"}}', 'latin1'));
    const notUtf8 = await runSvc(['areas', 'add', latin1], { env: env(configDir) });
    expect(notUtf8.code).toBe(2);
    expect(oneLine(notUtf8)).toMatch(/is not valid UTF-8/);
    const huge = descriptionFile('{}');
    truncateSync(huge, 65 * 1024 * 1024); // sparse: refused by its size, never read
    const tooLarge = await runSvc(['areas', 'add', huge], { env: env(configDir) });
    expect(tooLarge.code).toBe(2);
    expect(oneLine(tooLarge)).toMatch(/over the 64 MiB limit|is over/);
    expect(existsSync(join(configDir, 'areas'))).toBe(false);
  });

  it('a URL that does not answer within the time-out: exit 3, one line', async () => {
    const held = createServer(() => undefined);
    await new Promise<void>((resolve) => held.listen(0, '127.0.0.1', resolve));
    try {
      const configDir = freshConfigDir();
      const url = `http://127.0.0.1:${(held.address() as AddressInfo).port}/openapi.json`;
      const run = await runSvc(['areas', 'add', url, '--timeout', '0.5'], { env: env(configDir) });
      expect(run.code).toBe(3);
      expect(oneLine(run)).toMatch(/^svc: cannot fetch the description: no complete answer from 127\.0\.0\.1:\d+ within 0\.5s$/);
      expect(existsSync(join(configDir, 'areas'))).toBe(false);
    } finally {
      held.closeAllConnections();
      held.close();
    }
  });

  it('a route an area added before has, naming the way out, and the area as it was', async () => {
    const configDir = freshConfigDir();
    expect((await runSvc(['areas', 'add', descriptionFile(MEETINGS)], { env: env(configDir) })).code).toBe(0);
    const before = readFileSync(join(configDir, 'areas', 'default', 'index.json'), 'utf8');
    const clash = doc({
      '/meetings/{id}': { get: op('calendar', 'get', { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }] }) },
    });
    const run = await runSvc(['areas', 'add', descriptionFile(clash)], { env: env(configDir) });
    expect(run.code).toBe(2);
    expect(oneLine(run)).toMatch(
      /has the method and path of meetings_get \(GET \/meetings\/\{meetingId\}\), added before in the area meetings; remove that area first/,
    );
    expect(readFileSync(join(configDir, 'areas', 'default', 'index.json'), 'utf8')).toBe(before);
  });
});

describe('names and texts a description may hold', () => {
  it('become command words and one-line help, never anything else', async () => {
    const configDir = freshConfigDir();
    const hostile = doc(
      {
        '/x/{id}': {
          get: op('Evil\u001b]0;pwned\u0007 Tag', '__proto__', {
            summary: 'line one\u001b[2J\nline two',
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          }),
        },
      },
      { tags: [{ name: 'Evil\u001b]0;pwned\u0007 Tag', description: 'about \u001b[31mred\u001b[0m' }] },
    );
    const add = await runSvc(['areas', 'add', descriptionFile(hostile)], { env: env(configDir) });
    expect(add.code, add.stderr).toBe(0);
    const area = add.stderr.match(/\((evil[a-z0-9-]*)\)/)![1]!;
    expect(area).toMatch(/^[a-z][a-z0-9-]*$/);
    const help = await runSvc([area, '--help'], { env: env(configDir) });
    expect(help.code).toBe(0);
    expect(help.stdout).not.toMatch(/\u001b/);
    expect(help.stdout).toContain('proto');
  });

  it('name path parameters, whatever the name: each value fills its own placeholder', async () => {
    const configDir = freshConfigDir();
    const params = ['__proto__', 'constructor', 'a b'].map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
    const paths = doc({ '/things/{__proto__}/{constructor}/{a b}': { get: op('things', 'get', { parameters: params }) } });
    expect((await runSvc(['areas', 'add', descriptionFile(paths)], { env: env(configDir) })).code).toBe(0);
    server.script('/v1/things/x/y/z', { body: {} });
    const call = await runSvc(['things', 'get', 'x', 'y', 'z'], { env: env(configDir) });
    expect(call.code, call.stderr).toBe(0);
    expect(server.received.at(-1)!.url).toBe('/v1/things/x/y/z');
  });

  it('become flags of their own, each sending its field by its name as the description spells it', async () => {
    const configDir = freshConfigDir();
    const names = ['Name', 'aB', 'a-b', 'noReply', 'no-x', 'x', '', '-y', 'a b', 'x--y', '__proto__', 'a-ä', 'body'];
    const flags = ['name', 'a-b', 'a-b-field', 'no_reply', 'no_x', 'x', 'field', 'y', 'a-b-field-field', 'x-y', 'proto', 'a-ä', 'body-field'];
    const fields = doc({
      '/fields': {
        post: op('fields', 'send', {
          'x-svc-safety': 'unsafe',
          parameters: [{ name: 'Limit', in: 'query', schema: { type: 'string' } }],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { type: 'object', properties: Object.fromEntries(names.map((n) => [n, { type: 'string' }])) } } },
          },
        }),
      },
    });
    expect((await runSvc(['areas', 'add', descriptionFile(fields)], { env: env(configDir) })).code).toBe(0);
    const help = await runSvc(['fields', 'send', '--help'], { env: env(configDir) });
    expect(help.code, help.stderr).toBe(0);
    for (const flag of ['limit', ...flags]) expect(help.stdout).toMatch(new RegExp(`\\n {2}--${flag} <string>`));
    server.script('/v1/fields?Limit=0', { body: {} });
    const argv = ['fields', 'send', '--limit', '0', ...flags.flatMap((flag, i) => [`--${flag}`, String(i)])];
    const sent = await runSvc(argv, { env: env(configDir) });
    expect(sent.code, sent.stderr).toBe(0);
    const body = JSON.parse(server.received.at(-1)!.body) as Record<string, unknown>;
    expect(server.received.at(-1)!.url).toBe('/v1/fields?Limit=0');
    expect(Object.entries(body)).toEqual(names.map((name, i) => [name, String(i)]));
  });
});

describe('a store that cannot be used costs one line, and svc goes on with its own areas', () => {
  async function withMeetings(): Promise<{ configDir: string; folder: string; file: string }> {
    const configDir = freshConfigDir();
    const add = await runSvc(['areas', 'add', descriptionFile(MEETINGS)], { env: env(configDir) });
    expect(add.code, add.stderr).toBe(0);
    const folder = join(configDir, 'areas', 'default');
    return {
      configDir,
      folder,
      file: join(
        folder,
        readdirSync(folder).find((name) => name.startsWith('meetings.'))!,
      ),
    };
  }

  it('an index that is not JSON: a built-in call reads no store at all; help and the area say so in one line', async () => {
    const { configDir, folder } = await withMeetings();
    writeFileSync(join(folder, 'index.json'), '{"format": 1, "svc":');
    const builtIn = await runSvc(['email', 'drafts', 'get', 'dr_1', '--dry-run'], { env: env(configDir) });
    expect(builtIn.code, builtIn.stderr).toBe(0);
    expect(builtIn.stderr).toBe('');
    const help = await runSvc(['--help'], { env: env(configDir) });
    expect(help.code).toBe(0);
    expect(oneLine(help)).toMatch(
      /^svc: warning: the areas added to profile "default" cannot be used: its index is not JSON \(.*index\.json\); add them again with `svc areas add`$/,
    );
    expect(help.stdout).toContain('email');
    const call = await runSvc(['meetings', 'get', 'mt_1'], { env: env(configDir) });
    expect(call.code).toBe(2);
    expect(call.stderr.split('\n')[0]).toMatch(/^svc: warning: the areas added to profile "default" cannot be used/);
    // Adding again replaces the damaged index.
    expect((await runSvc(['areas', 'add', descriptionFile(MEETINGS)], { env: env(configDir) })).code).toBe(0);
    expect((await runSvc(['meetings', 'get', '--help'], { env: env(configDir) })).code).toBe(0);
  });

  it("an area's file gone: its commands say what to do in one line", async () => {
    const { configDir, file } = await withMeetings();
    rmSync(file);
    const call = await runSvc(['meetings', 'get', 'mt_1'], { env: env(configDir) });
    expect(call.code).toBe(2);
    expect(oneLine(call)).toMatch(
      /^svc: the added area meetings is damaged \(its file meetings\.[0-9a-f]{16}\.json cannot be read: ENOENT\); `svc areas update meetings`/,
    );
    expect((await runSvc(['areas', 'list', '--output', 'json'], { env: env(configDir) })).stdout).toContain('"state": "missing"');
  });

  it("an area's file damaged: its commands say what to do in one line; svc ops goes on without it", async () => {
    const { configDir, file } = await withMeetings();
    writeFileSync(file, readFileSync(file, 'utf8').slice(0, 100));
    const call = await runSvc(['meetings', 'get', 'mt_1'], { env: env(configDir) });
    expect(call.code).toBe(2);
    expect(oneLine(call)).toMatch(
      /^svc: the added area meetings is damaged \(meetings\.[0-9a-f]{16}\.json: its first line is not the index of its operations\); `svc areas update meetings` compiles it again from its description$/,
    );
    const ops = await runSvc(['ops', '--output', 'json'], { env: env(configDir) });
    expect(ops.code).toBe(0);
    expect(oneLine(ops)).toMatch(/^svc: warning: the added area meetings is damaged/);
    expect(JSON.parse(ops.stdout).map((item: { id: string }) => item.id)).toContain('email_drafts_get');
    const update = await runSvc(['areas', 'update'], { env: env(configDir) });
    expect(update.code, update.stderr).toBe(0);
    expect((await runSvc(['meetings', 'get', '--help'], { env: env(configDir) })).code).toBe(0);
  });

  it('a schema changed by hand into something the importer never writes fails as damaged, when read', async () => {
    const { configDir, file } = await withMeetings();
    // A name of the same length, so the first line's index of where each part is still holds.
    writeFileSync(file, readFileSync(file, 'utf8').replaceAll('"z":"string"', '"z":"strinx"'));
    const call = await runSvc(['meetings', 'schedule', '--title', 'x', '--starts-at', '2026-12-01T10:00:00Z', '--dry-run'], { env: env(configDir) });
    expect(call.code).toBe(2);
    expect(oneLine(call)).toMatch(
      /^svc: the added area meetings is damaged \(the \w+ schema of meetings_\w+ does not build: "strinx" is no zod function svc builds\); `svc areas update meetings` compiles it again from its description$/,
    );
  });

  it("a path changed by hand into one that leaves the API's fails as damaged, and nothing is sent", async () => {
    const { configDir, file } = await withMeetings();
    // As long as the path it replaces, so the first line's index of where each part is still holds.
    writeFileSync(file, readFileSync(file, 'utf8').replaceAll('"path":"/meetings/{meetingId}"', '"path":"/../../../{meetingId}"'));
    const before = server.received.length;
    const call = await runSvc(['meetings', 'get', 'mt_1'], { env: env(configDir) });
    expect(call.code).toBe(2);
    expect(oneLine(call)).toMatch(
      /^svc: the added area meetings is damaged \(meetings_get's path holds a "\." or "\.\." segment\); `svc areas update meetings` compiles it again from its description$/,
    );
    expect(server.received.length).toBe(before);
  });

  it('a store of this svc in another layout (a newer one, or one edited by hand) says so, not that it is older', async () => {
    const { configDir, folder } = await withMeetings();
    const index = JSON.parse(readFileSync(join(folder, 'index.json'), 'utf8'));
    writeFileSync(join(folder, 'index.json'), JSON.stringify({ ...index, format: index.format + 1 }));
    expect(oneLine(await runSvc(['--help'], { env: env(configDir) }))).toBe(
      'svc: warning: the areas added to profile "default" were compiled in another layout: svc goes on without them until `svc areas update` compiles them again',
    );
    const add = await runSvc(['areas', 'add', descriptionFile(MEETINGS), '--rename', 'meetings=calls'], { env: env(configDir) });
    expect(add.code).toBe(2);
    expect(oneLine(add)).toMatch(/^svc: the areas added to profile "default" were compiled in another layout: run `svc areas update` first/);
  });

  it('a store another svc compiled: one line, its areas left out until svc areas update compiles them again', async () => {
    const { configDir, folder } = await withMeetings();
    const index = JSON.parse(readFileSync(join(folder, 'index.json'), 'utf8'));
    writeFileSync(join(folder, 'index.json'), JSON.stringify({ ...index, svc: '0.0.1' }));
    const help = await runSvc(['--help'], { env: env(configDir) });
    expect(oneLine(help)).toBe(
      'svc: warning: the areas added to profile "default" were compiled by svc 0.0.1: svc goes on without them until `svc areas update` compiles them again',
    );
    expect(help.stdout).not.toMatch(/\n {2}meetings /);
    const add = await runSvc(['areas', 'add', descriptionFile(MEETINGS), '--rename', 'meetings=calls'], { env: env(configDir) });
    expect(add.code).toBe(2);
    expect(add.stderr).toMatch(/run `svc areas update` first/);
    const update = await runSvc(['areas', 'update'], { env: env(configDir) });
    expect(update.code, update.stderr).toBe(0);
    const again = await runSvc(['--help'], { env: env(configDir) });
    expect(again.stderr).toBe('');
    expect(again.stdout).toMatch(/\n {2}meetings /);
  });
});

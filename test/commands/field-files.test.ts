import { mkdirSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runSvc } from '../support/svc.js';
import { type ScriptedServer, scriptedForTest } from '../support/scripted-server.js';
import { tempFolder } from '../support/temp-folder.js';

// --data key=@file through the real bin/svc; the server on 127.0.0.1 shows what was sent.

const TIMEOUT = { timeout: 45_000 };
const SLOW = { timeoutMs: 40_000 };
const scripted = (onTestFinished: Parameters<typeof scriptedForTest>[0]): Promise<ScriptedServer> =>
  scriptedForTest(onTestFinished, { '/v1/crm/objects/deals/entries': { status: 201, body: { entryId: 'ent_1' } } });

const env = (server: { url: string }) => ({ SERVICE_BASE_URL: server.url, SERVICE_API_KEY: 'svc_agent_fieldfiles' });

function files(): Record<'letter' | 'json' | 'folder' | 'latin1' | 'huge' | 'missing', string> {
  const folder = tempFolder('svc-field-files-');
  const paths = {
    letter: join(folder, 'letter.html'),
    json: join(folder, 'amount.json'),
    folder: join(folder, 'sub'),
    latin1: join(folder, 'latin1.txt'),
    huge: join(folder, 'huge.txt'),
    missing: join(folder, 'missing.txt'),
  };
  writeFileSync(paths.letter, '<p>Dear Ada,</p>\n');
  writeFileSync(paths.json, '{"amount": 12000, "tags": ["a"]}\n');
  mkdirSync(paths.folder);
  writeFileSync(paths.latin1, Buffer.from([0x63, 0x61, 0x66, 0xe9]));
  writeFileSync(paths.huge, '');
  truncateSync(paths.huge, 16 * 1024 * 1024 + 1); // sparse: its size is refused before a byte is read
  return paths;
}

describe.concurrent('--data key=@file', TIMEOUT, () => {
  it('a generated command reads a string from a file, JSON from a file, and @@ as a literal @', async ({ onTestFinished }) => {
    const server = await scripted(onTestFinished);
    const paths = files();
    const generated = await runSvc(
      ['crm', 'entries', 'create', 'deals', '--data', `name=@${paths.letter}`, '--data', `extra:=@${paths.json}`, '--data', 'handle=@@ada'],
      { env: env(server), ...SLOW },
    );
    expect(generated).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(server.received[0]!.body)).toEqual({ data: { name: '<p>Dear Ada,</p>\n', extra: { amount: 12000, tags: ['a'] }, handle: '@ada' } });
  });

  it('svc api --data reads a file and, with @-, standard input', async ({ onTestFinished }) => {
    const server = await scripted(onTestFinished);
    const paths = files();
    const raw = await runSvc(['api', 'POST', '/things', '--data', `note=@${paths.letter}`, '--data', 'at:=@-'], {
      env: env(server),
      input: '[1, "@x"]',
      ...SLOW,
    });
    expect(raw).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(server.received[0]!.body)).toEqual({ note: '<p>Dear Ada,</p>\n', at: [1, '@x'] });
  });

  it.for([
    ['missing', 'name=@{missing}', /^svc: --data: cannot read .*missing\.txt: no such file$/],
    ['a directory', 'name=@{folder}', /^svc: --data: cannot read .*sub: it is a directory$/],
    ['not UTF-8', 'name=@{latin1}', /^svc: --data: .*latin1\.txt is not valid UTF-8$/],
    ['too large', 'name=@{huge}', /^svc: --data: .*huge\.txt is 16 MiB, over the 16 MiB limit$/],
    ['not JSON', 'name:=@{letter}', /^svc: --data: JSON in .*letter\.html is not valid/],
    ['no file name', 'name=@', /^svc: --data: name: expected a file name after "@"/],
  ] as const)('a field file that is %s: one line, exit 2, nothing sent', async ([, assignment, message], { onTestFinished }) => {
    const server = await scripted(onTestFinished);
    const paths = files();
    const given = assignment.replace(/\{(\w+)\}/, (_, name: keyof typeof paths) => paths[name]);
    const run = await runSvc(['api', 'POST', '/things', '--data', given], { env: env(server), ...SLOW });
    expect(run.code).toBe(2);
    expect(run.stderr.trimEnd()).toMatch(message);
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(server.received).toEqual([]);
  });

  it('a batch line that starts with @ is sent as it is: no line reads a local file', async ({ onTestFinished }) => {
    const server = await scripted(onTestFinished);
    const paths = files();
    const line = JSON.stringify({ objectName: 'deals', data: { name: `@${paths.letter}` } });
    const run = await runSvc(['crm', 'entries', 'create', '--input', '-'], { env: env(server), input: `${line}\n`, ...SLOW });
    expect(run.code).toBe(0);
    expect(JSON.parse(server.received[0]!.body)).toEqual({ data: { name: `@${paths.letter}` } });
  });

  it('a CSV cell that starts with @ is sent as it is', async ({ onTestFinished }) => {
    const server = await scripted(onTestFinished);
    const paths = files();
    const csv = join(tempFolder('svc-field-files-'), 'rows.csv');
    writeFileSync(csv, `objectName,data.name,data.extra:=\ndeals,@${paths.letter},"""@${paths.json}"""\n`);
    const run = await runSvc(['crm', 'entries', 'create', '--input', csv], { env: env(server), ...SLOW });
    expect(run.code).toBe(0);
    expect(JSON.parse(server.received[0]!.body)).toEqual({ data: { name: `@${paths.letter}`, extra: `@${paths.json}` } });
  });
});

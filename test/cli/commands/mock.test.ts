import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { register } from '../../../src/cli/commands/mock.js';
import type { Context } from '../../../src/core/context.js';
import { processFiles } from '../../../src/core/process-files.js';
import { SvcError, ExitCode } from '../../../src/errors.js';
import { startMockServer } from '../../../src/mock/server.js';
import { tempFolder } from '../../support/temp-folder.js';

function fakeContext() {
  const out: string[] = [];
  const err: string[] = [];
  const interrupt = new AbortController();
  let announced: () => void = () => {};
  const started = new Promise<void>((resolve) => (announced = resolve));
  const ctx = {
    io: {
      out: (text: string) => {
        out.push(text);
        announced();
      },
      err: (text: string) => err.push(text),
    },
    env: {},
    signal: interrupt.signal,
    // --fixtures files are real here: the disk's refusals (size, UTF-16, not UTF-8) are what is tested.
    files: processFiles,
  } as unknown as Context;
  return { ctx, out, err, interrupt, started };
}

function runMock(args: string[]) {
  const fake = fakeContext();
  const program = new Command().exitOverride();
  register(program, fake.ctx);
  const done = program.parseAsync(['mock', ...args], { from: 'user' });
  return { ...fake, done };
}

/** The announcement's first line, once the server has printed it (no polling on the clock). */
async function firstLine(run: { out: string[]; started: Promise<void> }): Promise<string> {
  await run.started;
  return run.out.join('').split('\n')[0]!;
}

const tempFile = (name: string, text: string): string => {
  const file = join(tempFolder('svc-mock-'), name);
  writeFileSync(file, text);
  return file;
};

describe('svc mock', () => {
  it('prints the base URL first, then the key and the export lines, serves until interrupted, then stops', async () => {
    const run = runMock(['--port', '0', '--api-key', 'svc_test_key']);
    const line = await firstLine(run);
    const url = /^svc mock listening on (http:\/\/127\.0\.0\.1:\d+\/v1)$/.exec(line)?.[1];
    expect(url).toBeDefined();
    expect(run.out.join('').split('\n')).toEqual([
      line,
      'API key: svc_test_key (any svc_agent_ token is accepted too)',
      `export SERVICE_BASE_URL=${url}`,
      'export SERVICE_API_KEY=svc_test_key',
      '',
    ]);
    const answer = await fetch(`${url}/email/drafts/dr_123`, { headers: { authorization: 'Bearer svc_test_key' } });
    expect(answer.status).toBe(200);
    run.interrupt.abort();
    await run.done;
    expect(run.err.join('')).toContain('svc mock stopped');
    await expect(fetch(`${url}/email/drafts/dr_123`)).rejects.toThrow('fetch failed');
  });

  it('serves the fixtures file it is given, with latency (a UTF-8 byte-order mark is accepted)', async () => {
    const file = tempFile('fixtures.json', '\uFEFF' + JSON.stringify({ taskSeries: { ser_x: { title: 'X', occurrences: [] } } }));
    const run = runMock(['--port', '0', '--fixtures', file, '--latency', '5']);
    const url = (await firstLine(run)).split(' ').at(-1)!;
    const headers = { authorization: 'Bearer svc_mock_key' };
    expect(await (await fetch(`${url}/crm/tasks/series/ser_x/occurrences`, { headers })).json()).toEqual([]);
    expect((await fetch(`${url}/email/drafts/dr_123`, { headers })).status).toBe(404);
    run.interrupt.abort();
    await run.done;
  });

  it.each([
    [['--fixtures', '/nonexistent/svc.json'], /^--fixtures: cannot read \/nonexistent\/svc\.json: no such file$/],
    [['--fixtures', tempFile('bad.json', '{"drafts": ')], /^--fixtures: JSON in .*bad\.json is not valid: /],
    [['--fixtures', tempFile('deep.json', `{"drafts": ${'['.repeat(5000)}${']'.repeat(5000)}}`)], /^--fixtures: .*deep\.json nests deeper than 1000 levels$/],
    [['--fixtures', tempFile('typo.json', '{"draft": {}}')], /^--fixtures: .*typo\.json is not a fixtures file: \(top level\): Unrecognized key: "draft"$/],
    [
      ['--fixtures', tempFile('proto.json', '{"drafts": {"dr_1": {"__proto__": {"x": 1}}}}')],
      /^--fixtures: .*proto\.json holds a field named "__proto__" \(at drafts\.dr_1\), which the mock cannot keep as data; rename it$/,
    ],
    [['--fixtures', tempFile('proto-top.json', '{"__proto__": {}}')], /^--fixtures: .*proto-top\.json holds a field named "__proto__" \(at \(top level\)\)/],
    [
      ['--fixtures', tempFile('wrong.json', '{"drafts": {"dr_1": {"revision": "3"}}}')],
      /is not a fixtures file: drafts\.dr_1\.syncStatus: .*; drafts\.dr_1\.revision: /,
    ],
    [['--port', 'abc'], /^--port: expected a whole number from 0 to 65535, got "abc"$/],
    [['--port', '70000'], /^--port: expected a whole number/],
    [['--latency', '-5'], /^--latency: expected a whole number of milliseconds from 0 to 600000, got "-5"$/],
    [['--api-key', 'has space'], /^--api-key: "has space" is not a usable bearer token$/],
  ])('refuses %j with a usage error', async (args, message) => {
    const run = runMock(['--port', '0', ...args]);
    const error = await run.done.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(SvcError);
    expect((error as SvcError).message).toMatch(message);
    expect((error as SvcError).exitCode).toBe(ExitCode.usage);
    expect(run.out).toEqual([]);
  });

  it('says the port is in use in one line, with the network exit code', async () => {
    const taken = await startMockServer();
    try {
      const port = new URL(taken.origin).port;
      const run = runMock(['--port', port]);
      const error = (await run.done.catch((caught: unknown) => caught)) as SvcError;
      expect(error.message).toBe(`cannot listen on 127.0.0.1:${port}: the port is in use; pick another with --port, or --port 0 for a free one`);
      expect(error.exitCode).toBe(ExitCode.network);
    } finally {
      await taken.close();
    }
  });
});

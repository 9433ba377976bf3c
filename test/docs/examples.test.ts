import { execFile } from 'node:child_process';
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockProcess, startMockProcess } from '../support/mock-process.js';
import { SVC_BIN, TEST_CACHE_HOME } from '../support/svc.js';
import { tempFolder } from '../support/temp-folder.js';
import { EXAMPLE_FILES, type Example, examplesOf, withoutComment } from './doc-examples.js';
import { guideFiles } from './doc-sources.js';

// Docs that cannot drift: every svc line of a `sh` block in the README and the guides runs, as a
// user would type it (in bash, with the README's environment), against a real `svc mock` on
// 127.0.0.1, and must succeed. Each block gets a fresh folder holding the example input files and
// fresh settings; the mock is reset before each line.

const examples: Example[] = ['README.md', ...guideFiles()].flatMap(examplesOf);
const blocks = [...new Set(examples.map((example) => example.block))];

let mock: MockProcess;
let shim: string;
beforeAll(async () => {
  mock = await startMockProcess();
  // `svc` on PATH: this checkout's bin/svc under the Node running the tests (22+).
  shim = tempFolder('svc-doc-bin-');
  writeFileSync(join(shim, 'svc'), `#!/bin/sh\nexec '${process.execPath}' '${SVC_BIN}' "$@"\n`);
  chmodSync(join(shim, 'svc'), 0o755);
}, 20_000);
afterAll(() => mock?.stop());

async function resetMock(): Promise<void> {
  const answer = await fetch(`${mock.origin}/_mock/reset`, { method: 'POST', headers: { authorization: `Bearer ${mock.apiKey}` } });
  expect(answer.status).toBeLessThan(300);
}

function runInBash(command: string, folder: string, settings: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = {
    PATH: `${shim}:${process.env.PATH ?? ''}`,
    HOME: folder,
    XDG_CACHE_HOME: TEST_CACHE_HOME,
    SVC_CONFIG_DIR: settings,
    SERVICE_BASE_URL: mock.url,
    SERVICE_API_KEY: mock.apiKey,
    AGENT_TOKEN: 'svc_agent_docs_example_token',
    NO_COLOR: '1',
  };
  return new Promise((resolve) => {
    execFile('bash', ['-c', `exec </dev/null\n${command}`], { cwd: folder, env, timeout: 30_000, encoding: 'utf8' }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
    });
  });
}

describe('the examples of the README and the guides', () => {
  it('are found: the runnable examples of every page are read', () => {
    expect(examples.length).toBeGreaterThanOrEqual(40);
    expect(examples.map((e) => e.command)).toContain('svc email drafts get dr_123');
  });

  describe.each(blocks)('%s', (block) => {
    const lines = examples.filter((example) => example.block === block);
    let folder: string;
    let settings: string;
    beforeAll(() => {
      folder = tempFolder('svc-doc-example-');
      settings = tempFolder('svc-doc-settings-');
      for (const [name, text] of Object.entries(EXAMPLE_FILES)) writeFileSync(join(folder, name), text);
    });

    it.each(lines.map((line) => [line.where, line.command] as const))(
      '%s: %s',
      async (_where, command) => {
        await resetMock();
        const run = await runInBash(command, folder, settings);
        expect({ command, code: run.code, stderr: run.stderr }).toEqual({ command, code: 0, stderr: expect.anything() });
      },
      40_000,
    );
  });
});

describe('the reader of examples', () => {
  it.each([
    ['svc email drafts get dr_123   # one draft', 'svc email drafts get dr_123'],
    ["svc api GET /x --query 'a#b' # note", "svc api GET /x --query 'a#b'"],
    ['# only a comment', ''],
  ])('takes the comment off %j', (line, expected) => {
    expect(withoutComment(line)).toBe(expected);
  });
});

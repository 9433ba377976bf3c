import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runAndTrace } from '../../support/ran-sources.js';
import { type SvcRun, freshConfigDir, runSvcProcess } from '../../support/svc.js';

// bin/run-cli.cjs runs a run that names no command with dist/cli-root.cjs, the root command alone
// (scripts/build/bundle.mjs): it must answer exactly as the whole CLI, dist/cli.cjs, would.
const RUN_CLI = join(import.meta.dirname, '..', '..', '..', 'bin', 'run-cli.cjs');
const DIST = join(import.meta.dirname, '..', '..', '..', 'dist');

/** `args` run by bin/run-cli.cjs with dist/cli.cjs for every run, as before the root script. */
async function runWholeCli(args: readonly string[], env: Record<string, string>): Promise<SvcRun> {
  const program = `const { readFileSync } = require('node:fs');
    const filename = require('node:path').join(${JSON.stringify(DIST)}, 'cli.cjs');
    require(${JSON.stringify(RUN_CLI)}).runScripts(process.argv.slice(1), () => ({ source: readFileSync(filename, 'latin1'), filename })).then((code) => { process.exitCode = code; });`;
  return new Promise((resolve) => {
    execFile(process.execPath, ['-e', program, '--', ...args], { env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8' }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr });
    });
  });
}

describe("the npm build's root script (the standalone binary runs one script for every run)", () => {
  const runs = [
    [],
    ['--help'],
    ['-h'],
    ['--version'],
    ['-V'],
    ['--verson'],
    ['--output', 'yaml'],
    ['--output', 'bogus'],
    ['--timeout'],
    ['--query', 'a.b', '--debug', '--help'],
    ['--base-url', 'https://user:secret@example.test/v1'],
    ['--help', 'x\uFFFDy'],
  ];
  it.each(runs.map((args) => ({ args, shown: args.join(' ') || '(no arguments)' })))('answers $shown as the whole CLI does', async ({ args }) => {
    const env = { SVC_CONFIG_DIR: freshConfigDir(), XDG_CACHE_HOME: freshConfigDir(), COLUMNS: '100' };
    const root = await runSvcProcess(args, { env });
    expect(root).toEqual(await runWholeCli(args, env));
    expect(root.stderr).not.toContain('cli-root.cjs');
  });

  it('leaves a command named after global options to the whole CLI, which runs it', async () => {
    const { scripts, stdout } = await runAndTrace(['--profile', 'work', 'email', 'drafts', 'get', '--help']);
    expect([...scripts].sort()).toEqual(['cli-root.cjs', 'cli.cjs']);
    expect(stdout).toBe((await runSvcProcess(['email', 'drafts', 'get', '--help'])).stdout);
    expect([...(await runAndTrace(['email', '--help'])).scripts]).toEqual(['cli.cjs']);
  });
});

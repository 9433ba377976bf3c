import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempFolder } from './support/temp-folder.js';

// CI installs every tool the tests need; one it cannot install fails the run rather than let the
// tests that need it be skipped in a green run (a run once skipped all proxy tests and passed).
const root = join(import.meta.dirname, '..');

function runFixture(env: Record<string, string | undefined>) {
  const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs');
  const { CI: _ci, ...inherited } = process.env;
  const run = spawnSync(process.execPath, [vitest, 'run', '--config', 'test/fixtures/ci-skips/vitest.config.ts'], {
    cwd: root,
    env: { ...inherited, NO_COLOR: '1', ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: run.status, output: run.stdout + run.stderr };
}

describe('the skip summary', () => {
  it('under CI=true, fails the run when a test was skipped because a tool is not installed', () => {
    const run = runFixture({ CI: 'true', SKIPS_FIXTURE_TOOL: 'nosuchtool' });
    expect(run.output).toContain('(skipped: nosuchtool is not installed) > runs the tool');
    expect(run.output).toContain('CI: 1 test was skipped for a missing tool, which CI must install; the run fails');
    expect(run.code).toBe(1);
  }, 130_000);

  it('passes under CI=true when only skips of another kind remain, and outside CI names a missing tool without failing', () => {
    const other = runFixture({ CI: 'true' });
    expect(other.output).toContain('skipped for another reason (skipped: only one account may run it)');
    expect(other.output).not.toContain('CI:');
    expect(other.code).toBe(0);
    const local = runFixture({ SKIPS_FIXTURE_TOOL: 'nosuchtool' });
    expect(local.output).toContain('(skipped: nosuchtool is not installed) > runs the tool');
    expect(local.output).not.toContain('CI:');
    expect(local.code).toBe(0);
  }, 250_000);
});

describe('.ci/run', () => {
  it('stops before any test, naming what it could not install, when a tool cannot be installed', () => {
    // A PATH of stand-ins: apt-get fails, npm records that it ran; no tool the tests need is there.
    const bin = tempFolder('svc-ci-run-');
    const ran = join(bin, 'npm-ran');
    const stub = (name: string, body: string) => {
      writeFileSync(join(bin, name), `#!/bin/sh\n${body}\n`);
      chmodSync(join(bin, name), 0o755);
    };
    stub('apt-get', 'exit 100');
    stub('npm', `echo "$@" >> ${JSON.stringify(ran)}`);
    stub('python3', 'exit 1');
    stub('dirname', `exec ${JSON.stringify(findTool('dirname'))} "$@"`);
    const run = spawnSync(findTool('bash'), [join(root, '.ci', 'run')], { env: { PATH: bin, HOME: bin }, encoding: 'utf8', timeout: 30_000 });
    expect(run.status).toBe(1);
    // One line naming every package still missing (the stand-in PATH has none of them), whatever the list holds.
    expect(run.stderr).toMatch(/^ci: could not install [\w. -]+, which the tests need; failing rather than skipping their tests\n$/);
    for (const name of ['man-db', 'chromium', 'python3-yaml']) expect(run.stderr).toContain(` ${name}`);
    expect(existsSync(ran)).toBe(false);
  });
});

function findTool(name: string): string {
  const found = ['/usr/bin', '/bin'].map((dir) => join(dir, name)).find((path) => existsSync(path));
  if (!found) throw new Error(`${name} not found in /usr/bin or /bin`);
  return found;
}

import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshConfigDir } from '../../support/svc.js';

const ROOT = join(import.meta.dirname, '..', '..', '..');

/** A copy of svc's bin/ with only these of dist/'s scripts: a clone not built, or built before a script was added. */
function installWith(scripts: readonly string[]): string {
  const copy = freshConfigDir();
  mkdirSync(join(copy, 'bin'));
  mkdirSync(join(copy, 'dist'));
  for (const file of ['svc.cjs', 'run-cli.cjs']) copyFileSync(join(ROOT, 'bin', file), join(copy, 'bin', file));
  for (const file of scripts) copyFileSync(join(ROOT, 'dist', file), join(copy, 'dist', file));
  return join(copy, 'bin', 'svc.cjs');
}

function run(bin: string, args: readonly string[]): { status: number | null; stdout: string; stderr: string } {
  const env = { PATH: process.env.PATH ?? '', SVC_CONFIG_DIR: freshConfigDir(), XDG_CACHE_HOME: freshConfigDir() };
  return spawnSync(process.execPath, [bin, ...args], { env, encoding: 'utf8', timeout: 15_000 });
}

// `git pull` without `npm run build` left dist/ without cli-root.cjs (added later): `svc --help` printed
// Node's ENOENT stack. A script svc cannot find is one line that says what to do, exit 1.
describe("an install missing a CLI script, the npm build's (the standalone binary is one file)", () => {
  it.each([
    { scripts: ['cli.cjs'], args: ['--help'], missing: 'cli-root.cjs' },
    { scripts: ['cli-root.cjs'], args: ['ops'], missing: 'cli.cjs' },
    { scripts: ['cli-root.cjs'], args: ['--profile', 'work', 'ops'], missing: 'cli.cjs' },
    { scripts: [], args: [], missing: 'cli-root.cjs' },
  ])('with $scripts, svc $args says $missing is missing, in one line and no stack', ({ scripts, args, missing }) => {
    const result = run(installWith(scripts), args);
    expect(result).toEqual({
      status: 1,
      stdout: '',
      stderr: `svc: this installation of svc is incomplete: dist/${missing} is missing (in a clone of svc, run \`npm run build\`; otherwise install svc again)\n`,
      pid: expect.any(Number),
      output: expect.anything(),
      signal: null,
    });
  });

  it('the whole install still runs', () => {
    const result = run(installWith(['cli.cjs', 'cli-root.cjs']), ['--version']);
    expect(result).toMatchObject({ status: 0, stdout: expect.stringMatching(/^svc \d+\.\d+\.\d+ /), stderr: '' });
  });
});

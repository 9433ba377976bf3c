import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without type declarations
import { swapIn } from '../../scripts/build/swap-in.mjs';
import { tempFolder } from '../support/temp-folder.js';

const repo = join(import.meta.dirname, '..', '..');
const run = promisify(execFile);

/** A clone of what svc runs from (bin/ and dist/), in a temp folder. */
function installedCopy(): string {
  const root = tempFolder('svc-atomic-');
  cpSync(join(repo, 'bin'), join(root, 'bin'), { recursive: true });
  cpSync(join(repo, 'dist'), join(root, 'dist'), {
    recursive: true,
    filter: (source) => !source.includes(`${join(repo, 'dist')}/man`) && !source.includes('manual'),
  });
  return root;
}

/** A finished build beside dist/, as scripts/build.mjs leaves one: dist's files, and one file of its own. */
function stagedBuild(root: string, marker: string): string {
  const staging = mkdtempSync(join(root, 'dist.next-'));
  cpSync(join(root, 'dist'), staging, { recursive: true });
  writeFileSync(join(staging, 'build-marker.txt'), marker);
  return staging;
}

describe('a build swapped in (scripts/build/swap-in.mjs)', () => {
  it('replaces every file, removes what the new build lacks, and leaves no staging folder', () => {
    const root = tempFolder('svc-atomic-');
    const target = join(root, 'dist');
    cpSync(join(repo, 'bin'), join(root, 'bin'), { recursive: true });
    const staging = mkdtempSync(join(root, 'dist.next-'));
    writeFileSync(join(staging, 'a.txt'), 'new a');
    swapIn(staging, target);
    expect(readFileSync(join(target, 'a.txt'), 'utf8')).toBe('new a');
    writeFileSync(join(target, 'stale.txt'), 'old');
    const second = mkdtempSync(join(root, 'dist.next-'));
    writeFileSync(join(second, 'a.txt'), 'newer a');
    cpSync(join(repo, 'bin'), join(second, 'sub'), { recursive: true });
    swapIn(second, target);
    expect(readFileSync(join(target, 'a.txt'), 'utf8')).toBe('newer a');
    expect(existsSync(join(target, 'stale.txt'))).toBe(false);
    expect(readdirSync(join(target, 'sub')).sort()).toEqual(readdirSync(join(repo, 'bin')).sort());
    expect(readdirSync(root).filter((name) => name.startsWith('dist.next-'))).toEqual([]);
  });

  it('keeps the standalone binaries and the release folder, which npm run package and npm run release write and no build makes', () => {
    const root = tempFolder('svc-atomic-');
    const target = join(root, 'dist');
    const packaged = ['svc', 'svc.exe', 'svc-darwin-arm64', 'svc-windows-x64.exe', 'release/svc-linux-x64', 'release/SHA256SUMS'];
    packaged.push('svc.partial-4242', 'release.partial-0a1b2c/svc-linux-arm64');
    const built = ['cli.cjs', 'svc-helper.cjs', 'svc-linux.txt', 'releases.txt', 'sub/svc'];
    for (const name of [...packaged, ...built]) {
      mkdirSync(join(target, name, '..'), { recursive: true });
      writeFileSync(join(target, name), `old ${name}`);
    }
    const staging = mkdtempSync(join(root, 'dist.next-'));
    writeFileSync(join(staging, 'cli.cjs'), 'new cli.cjs');
    swapIn(staging, target);
    for (const name of packaged) expect(readFileSync(join(target, name), 'utf8')).toBe(`old ${name}`);
    expect(built.filter((name) => existsSync(join(target, name)))).toEqual(['cli.cjs']);
  });

  it('at every step, each file both builds have is there, whole: the old text or the new', () => {
    const root = tempFolder('svc-atomic-');
    const target = join(root, 'dist');
    const names = ['cli.cjs', 'cli-root.cjs', 'index.js', 'types/src/index.d.ts', 'man/svc.1'];
    const staging = mkdtempSync(join(root, 'dist.next-'));
    for (const [folder, text] of [
      [target, 'old'],
      [staging, 'new'],
    ] as const)
      for (const name of names) {
        mkdirSync(join(folder, name, '..'), { recursive: true });
        writeFileSync(join(folder, name), `${text} ${name}`);
      }
    let steps = 0;
    swapIn(staging, target, () => {
      steps++;
      for (const name of names) expect([`old ${name}`, `new ${name}`]).toContain(readFileSync(join(target, name), 'utf8'));
    });
    expect(steps).toBeGreaterThanOrEqual(names.length);
    for (const name of names) expect(readFileSync(join(target, name), 'utf8')).toBe(`new ${name}`);
  });

  it('never leaves a running svc without its files: every `svc --version` during ten swaps exits 0', async () => {
    const root = installedCopy();
    const svc = join(root, 'bin', 'svc.cjs');
    let swapping = true;
    const swaps = (async () => {
      for (let n = 0; n < 10; n++) {
        swapIn(stagedBuild(root, String(n)), join(root, 'dist'));
        // Between swaps, so svc processes start and read dist/ both during and between them.
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      swapping = false;
    })();
    const runs: { code: number; stdout: string; stderr: string }[] = [];
    const loop = async () => {
      // Bounded: the swaps end after ten rounds, and at most 200 runs start in any case.
      while (swapping && runs.length < 200) {
        const result = await run(process.execPath, [svc, '--version'], { env: { PATH: process.env.PATH, NODE_DISABLE_COMPILE_CACHE: '1' } }).then(
          ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
          (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
        );
        runs.push(result);
      }
    };
    await Promise.all([swaps, loop(), loop()]);
    expect(runs.length).toBeGreaterThan(1);
    expect(runs.filter((r) => r.code !== 0)).toEqual([]);
    for (const r of runs) expect(r.stdout).toMatch(/^svc \d+\.\d+\.\d+/);
    expect(readFileSync(join(root, 'dist', 'build-marker.txt'), 'utf8')).toBe('9');
  });
});

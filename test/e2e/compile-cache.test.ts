import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshConfigDir, runSvc } from '../support/spawn-svc.js';

const VERSION_LINE = /^svc \d+\.\d+\.\d+ \(Workspace API [\d.]+\)\n$/;

/** Every file under a folder, recursively. */
const filesUnder = (folder: string): string[] =>
  readdirSync(folder, { recursive: true, encoding: 'utf8' }).map((name) => join(folder, name)).filter((path) => statSync(path).isFile());

async function expectCleanVersion(env: Record<string, string>): Promise<void> {
  const result = await runSvc(['--version'], { env });
  expect(result).toEqual({ code: 0, stdout: expect.stringMatching(VERSION_LINE), stderr: '' });
}

// bin/svc.js keeps V8's compiled code in the user's cache folder; losing it must never matter.
describe('the compile cache is safe to lose', () => {
  it('lives in the user cache folder, and a deleted or corrupt cache only means a fresh one', async () => {
    const cacheHome = freshConfigDir();
    await expectCleanVersion({ XDG_CACHE_HOME: cacheHome });
    const cache = join(cacheHome, 'svc', 'compile');
    expect(filesUnder(cache).length).toBeGreaterThan(0);

    for (const file of filesUnder(cache)) writeFileSync(file, 'not a V8 code cache');
    await expectCleanVersion({ XDG_CACHE_HOME: cacheHome });
    expect(filesUnder(cache).some((file) => readFileSync(file, 'utf8') !== 'not a V8 code cache')).toBe(true);

    rmSync(cache, { recursive: true });
    await expectCleanVersion({ XDG_CACHE_HOME: cacheHome });
    expect(filesUnder(cache).length).toBeGreaterThan(0);
  });

  it('runs without one when the cache folder cannot be made', async () => {
    const blocked = join(freshConfigDir(), 'a-file');
    writeFileSync(blocked, '');
    await expectCleanVersion({ XDG_CACHE_HOME: blocked });
  });
});

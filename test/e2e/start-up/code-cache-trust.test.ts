import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, readdirSync, readFileSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SVC_BIN, freshConfigDir, runSvcProcess } from '../../support/svc.js';

const VERSION_LINE = /^svc \d+\.\d+\.\d+ \(Workspace API [\d.]+; npm, Node\.js [\d.]+\)\n$/;
/** What `svc --version` runs: the root command alone (bin/run-cli.cjs). */
const SCRIPT = join(SVC_BIN, '..', '..', 'dist', 'cli-root.cjs');
const RUN_CLI = join(SVC_BIN, '..', 'run-cli.cjs');

/**
 * Overwrites `file` with V8's cache of other code, as long as the script it is the cache of: V8 checks a cache
 * against its source's length only, so whoever can write the cache folder can make svc run this.
 */
function plantCache(file: string): void {
  const plant = `
    const { readFileSync } = require('node:fs');
    const { Script } = require('node:vm');
    const length = readFileSync(process.argv[1], 'latin1').length;
    const code = '(function(e,r,m){process.stdout.write("planted code ran\\\\n");m.exports={main:async()=>0,commandWords:[]}})\\n';
    const source = code + '/*' + ' '.repeat(length - code.length - 4) + '*/';
    const script = new Script(source, { filename: process.argv[1] });
    const module = { exports: {} };
    script.runInThisContext()(module.exports, require, module);
    module.exports.main(); // compiled now, so its code is in the cache (V8 would compile it lazily from svc's source)
    require(process.argv[3]).writeCache(process.argv[2], () => script.createCachedData()); // with its checksum, as svc writes one`;
  execFileSync(process.execPath, ['-e', plant, SCRIPT, file, RUN_CLI], { env: { PATH: process.env.PATH ?? '' } }); // as svc runs: no NODE_OPTIONS
}

async function version(env: Record<string, string>, cwd?: string): Promise<string> {
  const result = await runSvcProcess(['--version'], cwd === undefined ? { env } : { env, cwd });
  expect(result).toEqual({ code: 0, stdout: result.stdout, stderr: '' });
  return result.stdout;
}

/** A cache folder with svc's one cache of `--version` in it, replaced by a planted one. */
async function plantedFolder(): Promise<{ env: Record<string, string>; folder: string; file: string }> {
  const env = { XDG_CACHE_HOME: freshConfigDir() };
  expect(await version(env)).toMatch(VERSION_LINE);
  const folder = join(env.XDG_CACHE_HOME, 'svc', 'code');
  const file = join(folder, readdirSync(folder)[0]!);
  plantCache(file);
  return { env, folder, file };
}

// bin/run-cli.cjs runs what its code cache holds: only this user may be able to write it.
describe("the code cache is used only where no one else can write, the npm build's (the standalone binary ships bytecode and keeps no code cache)", () => {
  it('a cache is code: svc runs what its private cache folder holds (why the folder must be private)', async () => {
    const { env } = await plantedFolder();
    expect(await version(env)).toBe('planted code ran\n');
  });

  it('a cache folder, or a cache file, that others may write to is not read, and svc writes none in such a folder', async () => {
    const { env, folder, file } = await plantedFolder();
    const planted = readFileSync(file);
    for (const mode of [0o777, 0o770, 0o702]) {
      chmodSync(folder, mode);
      expect(await version(env)).toMatch(VERSION_LINE);
      expect(readFileSync(file).equals(planted)).toBe(true);
    }
    chmodSync(folder, 0o700);
    chmodSync(file, 0o666);
    expect(await version(env)).toMatch(VERSION_LINE);
    expect(readFileSync(file).equals(planted)).toBe(false); // replaced by svc's own
    expect(await version(env)).toMatch(VERSION_LINE);
  });

  it.skipIf(process.getuid?.() !== 0)(
    `a cache folder owned by another account is not read${process.getuid?.() === 0 ? '' : ' (skipped: only root can give a folder away)'}`,
    async () => {
      const { env, folder } = await plantedFolder();
      chownSync(folder, 65534, 65534);
      expect(await version(env)).toMatch(VERSION_LINE);
    },
  );

  it('a relative XDG_CACHE_HOME or HOME is not a cache folder: nothing is written where svc runs', async () => {
    const cwd = freshConfigDir();
    const home = freshConfigDir();
    expect(await version({ XDG_CACHE_HOME: 'relative-cache', HOME: home }, cwd)).toMatch(VERSION_LINE);
    expect(readdirSync(join(home, '.cache', 'svc', 'code'))).toHaveLength(1);
    expect(await version({ XDG_CACHE_HOME: '', HOME: 'relative-home' }, cwd)).toMatch(VERSION_LINE);
    expect(readdirSync(cwd)).toEqual([]);
  });

  it("a linked cache folder keeps the files that are not svc's; svc's own oldest caches go past 48", async () => {
    const cacheHome = freshConfigDir();
    const elsewhere = freshConfigDir();
    const longAgo = new Date('2001-01-01T00:00:00Z');
    const notes = Array.from({ length: 50 }, (_, i) => `note-${i}.txt`);
    const oldCaches = Array.from({ length: 48 }, (_, i) => `${'a'.repeat(16)}-v1.0.${i}-x64-none.v8`);
    for (const name of [...notes, ...oldCaches]) {
      writeFileSync(join(elsewhere, name), 'kept');
      utimesSync(join(elsewhere, name), longAgo, longAgo);
    }
    utimesSync(join(elsewhere, oldCaches[0]!), new Date('2000-01-01T00:00:00Z'), new Date('2000-01-01T00:00:00Z'));
    mkdirSync(join(cacheHome, 'svc'));
    symlinkSync(elsewhere, join(cacheHome, 'svc', 'code'));
    expect(await version({ XDG_CACHE_HOME: cacheHome })).toMatch(VERSION_LINE);
    const left = readdirSync(elsewhere);
    expect(notes.filter((name) => !left.includes(name))).toEqual([]);
    expect(left.filter((name) => name.endsWith('.v8'))).toHaveLength(48);
    expect(left).not.toContain(oldCaches[0]);
  });
});

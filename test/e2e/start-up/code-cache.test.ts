import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { SVC_BIN, freshConfigDir, runSvcProcess } from '../../support/svc.js';
import { descriptionFile, MEETINGS, meetingsAs } from '../../areas/descriptions.js';

/** svc's own reader: a file it reads is whole, its checksum matching its payload. */
const { readCache } = createRequire(import.meta.url)(join(SVC_BIN, '..', 'run-cli.cjs')) as { readCache(file: string): Uint8Array | undefined };

const VERSION_LINE = /^svc \d+\.\d+\.\d+ \(Workspace API [\d.]+; npm, Node\.js [\d.]+\)\n$/;

/** Every file under a folder, recursively. */
const filesUnder = (folder: string): string[] =>
  readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .map((name) => join(folder, name))
    .filter((path) => statSync(path).isFile());

async function expectCleanVersion(env: Record<string, string>): Promise<void> {
  const result = await runSvcProcess(['--version'], { env });
  expect(result).toEqual({ code: 0, stdout: expect.stringMatching(VERSION_LINE), stderr: '' });
}

/** Flips bits at these offsets of a file (negative: from its end): in its payload, what V8 would crash on without svc's checksum. */
function corrupt(file: string, offsets: (length: number) => number[]): Buffer {
  const bytes = readFileSync(file);
  for (const at of offsets(bytes.length)) bytes[at < 0 ? bytes.length + at : at]! ^= 0x01;
  writeFileSync(file, bytes);
  return bytes;
}

// bin/run-cli.cjs keeps V8's compiled code for dist/cli.cjs in the user's cache folder; losing it must never matter.
describe("the code cache is safe to lose, the npm build's (the standalone binary ships bytecode and keeps no code cache)", () => {
  it('lives in the user cache folder, and a deleted, garbage or corrupt cache only means a fresh one', async () => {
    const cacheHome = freshConfigDir();
    await expectCleanVersion({ XDG_CACHE_HOME: cacheHome });
    const cache = join(cacheHome, 'svc', 'code');
    const [file, ...others] = filesUnder(cache);
    expect(others).toEqual([]);

    writeFileSync(file!, 'not a V8 code cache');
    await expectCleanVersion({ XDG_CACHE_HOME: cacheHome });
    expect(readFileSync(file!).length).toBeGreaterThan(1000);

    // The payload's middle, its last byte, the checksum before it; a cut file.
    const corruptions = [(n: number) => [n >> 1, n >> 2, (n * 3) >> 2], () => [-1], () => [3]];
    for (const offsets of corruptions) {
      const corrupted = corrupt(file!, offsets);
      expect(readCache(file!)).toBeUndefined();
      await expectCleanVersion({ XDG_CACHE_HOME: cacheHome });
      // Replaced by a whole cache: a file left as it was would fail svc's own check.
      expect(readFileSync(file!).equals(corrupted)).toBe(false);
      expect(readCache(file!)).toBeDefined();
    }
    // Cut from the cache as it is now: each rebuild above may have made one of another size.
    const whole = readFileSync(file!);
    const cut = whole.subarray(0, whole.length - 8);
    expect(cut.length).toBeGreaterThan(1000);
    writeFileSync(file!, cut);
    expect(readCache(file!)).toBeUndefined();
    await expectCleanVersion({ XDG_CACHE_HOME: cacheHome });
    expect(readFileSync(file!).equals(cut)).toBe(false);
    expect(readCache(file!)).toBeDefined();

    rmSync(cache, { recursive: true });
    await expectCleanVersion({ XDG_CACHE_HOME: cacheHome });
    expect(filesUnder(cache)).toHaveLength(1);
  });

  it('keeps one cache per command word, and none for a word svc does not know', async () => {
    const cacheHome = freshConfigDir();
    await expectCleanVersion({ XDG_CACHE_HOME: cacheHome });
    expect((await runSvcProcess(['ops', '--help'], { env: { XDG_CACHE_HOME: cacheHome } })).code).toBe(0);
    expect((await runSvcProcess(['opps'], { env: { XDG_CACHE_HOME: cacheHome } })).code).toBe(2);
    const names = filesUnder(join(cacheHome, 'svc', 'code')).map((file) => file.replace(/^.*-/, ''));
    expect(names.sort()).toEqual(['none.v8', 'ops.v8']);
  });

  it('keeps one cache for the areas added to a profile (svc areas add), whatever the area, and reads it for the next', async () => {
    const cacheHome = freshConfigDir();
    const env = { XDG_CACHE_HOME: cacheHome, SVC_CONFIG_DIR: freshConfigDir(), SERVICE_BASE_URL: 'http://127.0.0.1:9/v1' };
    for (const description of [MEETINGS, meetingsAs('calls')])
      expect((await runSvcProcess(['areas', 'add', descriptionFile(description)], { env })).code).toBe(0);
    const cache = join(cacheHome, 'svc', 'code');
    const shared = () => filesUnder(cache).filter((file) => file.endsWith('-+added-area.v8'));
    expect((await runSvcProcess(['meettings'], { env })).code).toBe(2);
    expect(shared()).toEqual([]);
    expect((await runSvcProcess(['meetings', 'get', 'mt_1', '--dry-run'], { env })).code).toBe(0);
    const [file] = shared();
    expect(readCache(file!)).toBeDefined();
    const written = statSync(file!).mtimeMs;
    expect((await runSvcProcess(['calls', 'get', 'mt_1', '--dry-run'], { env })).code).toBe(0);
    // The other area's run took it as it was: accepted, not written again; and no cache of its own word.
    expect(shared()).toEqual([file]);
    expect(statSync(file!).mtimeMs).toBe(written);
    expect(
      filesUnder(cache)
        .map((path) => path.replace(/^.*-v[^-]+-[^-]+-/, ''))
        .sort(),
    ).toEqual(['+added-area.v8', 'areas.v8']);
  });

  it('runs without one when there is no WebAssembly to check it with (--jitless)', async () => {
    const cacheHome = freshConfigDir();
    await expectCleanVersion({ XDG_CACHE_HOME: cacheHome, NODE_OPTIONS: '--jitless' });
    expect(filesUnder(cacheHome)).toEqual([]);
  });

  it('runs without one when the cache folder cannot be made, or when NODE_DISABLE_COMPILE_CACHE=1', async () => {
    const blocked = join(freshConfigDir(), 'a-file');
    writeFileSync(blocked, '');
    await expectCleanVersion({ XDG_CACHE_HOME: blocked });
    const cacheHome = freshConfigDir();
    await expectCleanVersion({ XDG_CACHE_HOME: cacheHome, NODE_DISABLE_COMPILE_CACHE: '1' });
    expect(readdirSync(cacheHome)).toEqual([]);
  });
});

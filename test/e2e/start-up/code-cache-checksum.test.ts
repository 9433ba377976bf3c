import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SVC_BIN, freshConfigDir, runSvcProcess } from '../../support/svc.js';

const VERSION_LINE = /^svc \d+\.\d+\.\d+ \(Workspace API [\d.]+; npm, Node\.js [\d.]+\)\n$/;
/** A file's first 8 bytes hold the checksum; the words it sums start after them. */
const HEADER = 8;

interface CacheFiles {
  writeCache(file: string, make: () => Uint8Array): void;
  readCache(file: string): Uint8Array | undefined;
}
const cacheFiles = createRequire(import.meta.url)(join(SVC_BIN, '..', 'run-cli.cjs')) as CacheFiles;

/** Flips bit `bit` (0–63) of the payload's 64-bit word `word` (little-endian, as the checksum reads it). */
function flip(bytes: Uint8Array, word: number, bit: number): void {
  bytes[HEADER + word * 8 + (bit >> 3)]! ^= 1 << (bit & 7);
}

/** Whether svc would read `bytes` as a cache: the file's checksum matches. */
function accepted(file: string, bytes: Uint8Array): boolean {
  writeFileSync(file, bytes, { mode: 0o600 });
  return cacheFiles.readCache(file) !== undefined;
}

// A corrupt V8 code cache that V8 reads crashes the process (SIGSEGV, "Check failed"), at every start
// until the file goes. svc's own checksum is all that stands between a damaged file and that crash.
describe("the code cache's checksum, the npm build's (the standalone binary ships bytecode and keeps no code cache)", () => {
  it('rejects two flipped bits in two words, adjacent or apart (FNV-1a over words missed the top bit of any two)', () => {
    const file = join(freshConfigDir(), 'cache.v8');
    cacheFiles.writeCache(file, () => randomBytes(96));
    const made = readFileSync(file);
    expect(accepted(file, made)).toBe(true);
    const missed: string[] = [];
    for (const [first, second] of [
      [2, 3],
      [0, 11],
    ] as const) {
      for (let a = 0; a < 64; a++) {
        // The same bit, its mirror, and the bits a rotation by 31 or 33 would move it to.
        for (const b of [a, 63 - a, (a + 31) % 64, (a + 33) % 64]) {
          const bytes = Uint8Array.from(made);
          flip(bytes, first, a);
          flip(bytes, second, b);
          if (accepted(file, bytes)) missed.push(`word ${first} bit ${a}, word ${second} bit ${b}`);
        }
      }
    }
    expect(missed).toEqual([]);
  });

  it('rejects a file cut or grown by a few zero bytes (the last word is summed zero-padded)', () => {
    const file = join(freshConfigDir(), 'cache.v8');
    cacheFiles.writeCache(file, () => Buffer.concat([randomBytes(64), Buffer.alloc(7)]));
    const made = readFileSync(file);
    for (let cut = 1; cut <= 7; cut++) expect(accepted(file, made.subarray(0, made.length - cut)), `cut by ${cut}`).toBe(false);
    for (let grown = 1; grown <= 8; grown++) expect(accepted(file, Buffer.concat([made, Buffer.alloc(grown)])), `grown by ${grown}`).toBe(false);
  });

  it("svc's own cache with the top bit of two words flipped: no crash, the same output, and the file written anew", async () => {
    const env = { XDG_CACHE_HOME: freshConfigDir() };
    const run = async (): Promise<void> =>
      expect(await runSvcProcess(['--version'], { env })).toEqual({ code: 0, stdout: expect.stringMatching(VERSION_LINE), stderr: '' });
    await run();
    const folder = join(env.XDG_CACHE_HOME, 'svc', 'code');
    const file = join(folder, readdirSync(folder)[0]!);
    const made = statSync(file);
    await run();
    expect(statSync(file), 'a whole cache is read, not written again').toMatchObject({ ino: made.ino, mtimeMs: made.mtimeMs });
    const words = (readFileSync(file).length - HEADER) >> 3;
    for (const [first, second] of [
      [4, 5],
      [100, 2000],
      [words >> 1, words - 2],
    ] as const) {
      const bytes = readFileSync(file);
      flip(bytes, first, 63);
      flip(bytes, second, 63);
      writeFileSync(file, bytes);
      await run();
      expect(readFileSync(file).equals(bytes), `words ${first} and ${second}`).toBe(false);
    }
  });

  it('does not read a file far larger than any cache (a 1 GiB one, sparse: no disk used) into memory to sum it', () => {
    const file = join(freshConfigDir(), 'cache.v8');
    cacheFiles.writeCache(file, () => randomBytes(96));
    truncateSync(file, 2 ** 30);
    const read = `const { readCache } = require(process.argv[1]); process.stdout.write(JSON.stringify([readCache(process.argv[2]) === undefined, process.resourceUsage().maxRSS]))`;
    const [rejected, maxRssKiB] = JSON.parse(execFileSync(process.execPath, ['-e', read, join(SVC_BIN, '..', 'run-cli.cjs'), file], { encoding: 'utf8' })) as [
      boolean,
      number,
    ];
    expect(rejected).toBe(true);
    expect(maxRssKiB).toBeLessThan(256 * 1024);
  });
});

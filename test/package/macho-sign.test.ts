import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { lockedPackage } from '../../scripts/package/locked-package.mjs';
import { adHocSigned } from '../../scripts/package/macho-sign.mjs';
import { hostBun, standaloneUnsupportedReason } from '../../scripts/package/standalone.mjs';
import { TARGETS } from '../../scripts/package/targets.mjs';
import { machOSignature, readExecutableHeader } from '../support/executable-header.js';
import { tempFolder } from '../support/temp-folder.js';

// The ad-hoc signature svc's macOS binaries get (scripts/package/macho-sign.mjs), on a two-line
// program Bun compiles for each macOS target: Bun's own arm64 signature comes out byte for byte, and
// the x64 binary, whose signature Bun leaves stale, comes out signed as macOS checks it.
const exec = promisify(execFile);
const unsupported = standaloneUnsupportedReason();
// None where the describe is skipped whole: it runs no hook, so nothing would remove it.
const work = unsupported === undefined ? tempFolder('svc-macho-sign-') : '';
const built: Partial<Record<'darwin-x64' | 'darwin-arm64', Buffer>> = {};

/** The signature's place in the load commands, and the file's length: they must agree. */
function layout(bytes: Buffer) {
  let at = 32;
  const found: { signature?: [number, number]; linkedit?: [number, number] } = {};
  for (let i = 0; i < bytes.readUInt32LE(16); i++) {
    const command = bytes.readUInt32LE(at);
    if (command === 0x1d) found.signature = [bytes.readUInt32LE(at + 8), bytes.readUInt32LE(at + 12)];
    if (command === 0x19 && bytes.toString('latin1', at + 8, at + 18) === '__LINKEDIT')
      found.linkedit = [Number(bytes.readBigUInt64LE(at + 40)), Number(bytes.readBigUInt64LE(at + 48))];
    at += bytes.readUInt32LE(at + 4);
  }
  return { ...found, length: bytes.length, blob: bytes.readUInt32BE(found.signature![0] + 4) };
}

describe.skipIf(unsupported !== undefined)(`the ad-hoc signature of the macOS binaries${unsupported ? ` (skipped: ${unsupported})` : ''}`, () => {
  beforeAll(async () => {
    writeFileSync(join(work, 'hello.cjs'), "console.log('hello');\n");
    for (const target of ['darwin-x64', 'darwin-arm64'] as const) {
      const runtime = join(await lockedPackage(TARGETS[target].runtime), 'bin', 'bun');
      const output = join(work, target);
      const args = ['build', '--compile', `--target=${TARGETS[target].bun}`, `--compile-executable-path=${runtime}`, '--outfile', output, 'hello.cjs'];
      await exec(hostBun()!, args, { cwd: work, env: { PATH: process.env.PATH ?? '', HOME: work, TMPDIR: work, BUN_RUNTIME_TRANSPILER_CACHE_PATH: '0' } });
      built[target] = readFileSync(output);
    }
  }, 600_000);

  it("reproduces Bun's own ad-hoc signature of an arm64 binary, byte for byte", () => {
    expect(machOSignature(built['darwin-arm64']!)).toMatchObject({ adHoc: true, mismatched: 0, coversAll: true });
    expect(adHocSigned(built['darwin-arm64']!, 'a.out').equals(built['darwin-arm64']!)).toBe(true);
  });

  it('signs the x64 binary, whose signature Bun leaves stale, so that every page matches', () => {
    // If Bun signs x64 binaries one day, this fails: the step in standalone.mjs may then go.
    expect(machOSignature(built['darwin-x64']!)).toMatchObject({ adHoc: false, mismatched: expect.any(Number) });
    expect(machOSignature(built['darwin-x64']!)!.mismatched).toBeGreaterThan(0);
    const signed = adHocSigned(built['darwin-x64']!, 'svc');
    expect(readExecutableHeader(signed)).toEqual({ format: 'Mach-O', arch: 'x64' });
    expect(machOSignature(signed)).toMatchObject({ adHoc: true, mismatched: 0, coversAll: true });
    const { signature, linkedit, length, blob } = layout(signed);
    expect(signature![0] + signature![1]).toBe(length);
    expect(blob).toBe(signature![1]);
    expect(linkedit![0] + linkedit![1]).toBe(length);
    expect(signed.toString('latin1').includes('svc\0')).toBe(true);
  });

  it('refuses a file that is no 64-bit Mach-O executable', () => {
    expect(() => adHocSigned(Buffer.from('\x7fELF'.padEnd(64, '\0'), 'latin1'), 'svc')).toThrow('not a 64-bit Mach-O executable');
  });
});

import { execFile, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { releaseName, writeRelease } from '../../scripts/package/release.mjs';
import { buildStandalone, standaloneUnsupportedReason } from '../../scripts/package/standalone.mjs';
import { hostTarget, TARGETS } from '../../scripts/package/targets.mjs';
import { type ExecutableHeader, machOSignature, readExecutableHeader } from '../support/executable-header.js';
import { tempFolder } from '../support/temp-folder.js';

// npm run release: every target's binary, built on this machine, and SHA256SUMS. The binary for this
// machine runs; each other one is read as its platform's loader reads it: its format and CPU from
// the header, and, for macOS, its code signature. The cross builds are made once, for this file;
// their runtimes come from node_modules/.cache after the first run.
const exec = promisify(execFile);
const unsupported = standaloneUnsupportedReason();
const folder = join(tempFolder('svc-release-test-'), 'release');
const expected: Record<keyof typeof TARGETS, ExecutableHeader> = {
  'linux-x64': { format: 'ELF', arch: 'x64' },
  'linux-arm64': { format: 'ELF', arch: 'arm64' },
  'darwin-x64': { format: 'Mach-O', arch: 'x64' },
  'darwin-arm64': { format: 'Mach-O', arch: 'arm64' },
  'windows-x64': { format: 'PE', arch: 'x64', subsystem: 3 },
};
const targets = Object.keys(TARGETS) as (keyof typeof TARGETS)[];
let written: string[];
const hasSha256sum = spawnSync('sha256sum', ['--version'], { stdio: 'ignore' }).status === 0;

describe.skipIf(unsupported !== undefined)(`npm run release${unsupported ? ` (skipped: ${unsupported})` : ''}`, () => {
  beforeAll(async () => {
    written = await writeRelease({ folder, log: () => {} });
  }, 600_000);

  it('writes the five binaries, svc-<target> (.exe for Windows), and SHA256SUMS, and nothing else', () => {
    expect(written.sort()).toEqual([...targets.map(releaseName), 'SHA256SUMS'].sort());
    expect(readdirSync(folder).sort()).toEqual(written);
    expect(releaseName('windows-x64')).toBe('svc-windows-x64.exe');
    for (const target of targets) expect(statSync(join(folder, releaseName(target))).mode & 0o111, target).not.toBe(0);
  });

  it('SHA256SUMS is in sha256sum format and checks every binary; a binary that is not the one summed fails it', async () => {
    const lines = readFileSync(join(folder, 'SHA256SUMS'), 'utf8').split('\n');
    expect(lines.pop()).toBe('');
    expect(lines.map((line) => line.slice(66))).toEqual(targets.map(releaseName).sort());
    for (const line of lines) expect(line).toMatch(/^[0-9a-f]{64} {2}svc-[a-z0-9-]+(\.exe)?$/);
    if (!hasSha256sum) return;
    expect((await exec('sha256sum', ['-c', 'SHA256SUMS'], { cwd: folder })).stdout.trim().split('\n')).toHaveLength(5);
    // A download that differs from what was released: the sums of another build, against these binaries.
    const copy = tempFolder('svc-release-copy-');
    for (const name of readdirSync(folder)) if (name !== 'SHA256SUMS') symlinkSync(join(folder, name), join(copy, name));
    const other = lines.map((line) => (line.endsWith('  svc-darwin-arm64') ? `${line[0] === '0' ? '1' : '0'}${line.slice(1)}` : line));
    writeFileSync(join(copy, 'SHA256SUMS'), `${other.join('\n')}\n`);
    await expect(exec('sha256sum', ['-c', 'SHA256SUMS'], { cwd: copy })).rejects.toMatchObject({ stdout: expect.stringContaining('svc-darwin-arm64: FAILED') });
  });

  it.each(targets)("%s: the header names the target's format and CPU", (target) => {
    expect(readExecutableHeader(readFileSync(join(folder, releaseName(target))))).toEqual(expected[target]);
  });

  it.each(['darwin-x64', 'darwin-arm64'] as const)('%s: signed ad hoc, every page up to the signature matching its hash', (target) => {
    expect(machOSignature(readFileSync(join(folder, releaseName(target))))).toMatchObject({ adHoc: true, mismatched: 0, coversAll: true });
  });

  it('npm run package -- --target refuses a target it does not know, in one line naming the targets', async () => {
    const refused = await exec(process.execPath, [join(import.meta.dirname, '..', '..', 'scripts', 'package.mjs'), '--target', 'linux-s390x']).catch(
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(refused).toMatchObject({
      code: 1,
      stdout: '',
      stderr: 'svc package: unknown target "linux-s390x"; the targets are linux-x64, linux-arm64, darwin-x64, darwin-arm64, windows-x64\n',
    });
  });

  it('is reproducible: a second build of a binary from the same sources gives the same bytes', async () => {
    const again = join(tempFolder('svc-release-again-'), releaseName('darwin-arm64'));
    await buildStandalone({ output: again, target: 'darwin-arm64', log: () => {} });
    expect(readFileSync(again).equals(readFileSync(join(folder, releaseName('darwin-arm64'))))).toBe(true);
  }, 300_000);

  it("this machine's binary runs with no Node.js", async () => {
    const own = hostTarget();
    if (own === undefined) return;
    const { stdout } = await exec(join(folder, releaseName(own)), ['--version'], { env: { PATH: '/nonexistent' } });
    expect(stdout).toMatch(/^svc \d+\.\d+\.\d+ /);
  });
});

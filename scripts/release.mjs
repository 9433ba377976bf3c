// npm run release: the standalone binary for every target (scripts/package/targets.mjs) and their
// SHA-256 sums, after npm run build, into dist/release/: svc-<target> (.exe for Windows) and
// SHA256SUMS, which `sha256sum -c SHA256SUMS` checks. The folder is written beside and renamed into
// place, so it never holds binaries of two builds. `--output <folder>` writes it elsewhere.
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot } from './build/bundle.mjs';
import { writeRelease } from './package/release.mjs';

const { values } = parseArgs({ options: { output: { type: 'string' } } });
try {
  const folder = values.output ?? join(repoRoot, 'dist', 'release');
  for (const name of await writeRelease({ folder, log: (line) => process.stderr.write(`${line}\n`) })) process.stdout.write(`${join(folder, name)}\n`);
} catch (error) {
  process.stderr.write(`svc release: ${error.message}\n`);
  process.exitCode = 1;
}

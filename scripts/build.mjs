// Bundles the CLI and the library with esbuild into dist/ (settings in scripts/build/bundle.mjs),
// and writes the library's type declarations (dist/types, package.json "types") with tsc.
// The build goes to a folder beside dist/ and is swapped in when whole (scripts/build/swap-in.mjs):
// an svc running from this clone meanwhile, `svc mock` say, never finds a file missing.
import { execFile } from 'node:child_process';
import { chmodSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { bundleAreasAdd, bundleCli, bundleLibrary, bundleMcpServer, repoRoot } from './build/bundle.mjs';
import { makeFolder } from './build/plain-folder.mjs';
import { swapIn } from './build/swap-in.mjs';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
// Beside dist/, so on the same file system: a rename there is atomic. Made as a plain mkdir makes a
// folder, not private as mkdtemp does: any user may run what a build renames into place.
const outdir = makeFolder(join(repoRoot, 'dist.next-'));
const mode = statSync(outdir).mode & 0o7777;
try {
  await Promise.all([
    bundleCli({ outdir }),
    bundleLibrary({ outdir }),
    bundleMcpServer({ outdir }),
    bundleAreasAdd({ outdir }),
    promisify(execFile)(process.execPath, [tsc, '-p', `${repoRoot}tsconfig.declarations.json`, '--outDir', join(outdir, 'types')]).catch((error) => {
      process.stderr.write(`${error.stdout}${error.stderr}`);
      throw new Error('tsc could not write the type declarations');
    }),
  ]);
  swapIn(outdir, join(repoRoot, 'dist'));
  // A dist/ that an earlier build left private (0700) gets the same mode too.
  chmodSync(join(repoRoot, 'dist'), mode);
} finally {
  rmSync(outdir, { recursive: true, force: true });
}

// Bundles the CLI and the library with esbuild into dist/ (settings in scripts/build/bundle.mjs),
// and writes the library's type declarations (dist/types, package.json "types") with tsc.
import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { bundleCli, bundleLibrary, bundleMcpServer, repoRoot } from './build/bundle.mjs';

const outdir = `${repoRoot}dist`;
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
rmSync(outdir, { recursive: true, force: true });
await Promise.all([
  bundleCli({ outdir }),
  bundleLibrary({ outdir }),
  bundleMcpServer({ outdir }),
  promisify(execFile)(process.execPath, [tsc, '-p', `${repoRoot}tsconfig.declarations.json`]).catch((error) => {
    process.stderr.write(`${error.stdout}${error.stderr}`);
    throw new Error('tsc could not write the type declarations');
  }),
]);

// `npm run registry:import -- <openapi.json|yaml> [--areas a,b] [--rename tag=name] [--out registry/] [--report file.json]`:
// a developer tool, not part of the package. It bundles src/openapi/import/main.ts with esbuild
// into a temporary folder (removed after, on a signal too), packages left as imports of this
// project's node_modules, and runs it. svc itself never loads it (npm run check:architecture).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { repoRoot } from './build/bundle.mjs';
import { withManualWriter, writeManField } from './build/man-field.mjs';

const folder = mkdtempSync(join(tmpdir(), 'svc-registry-import-'));
const removeFolder = () => rmSync(folder, { recursive: true, force: true });
for (const [signal, status] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
  ['SIGHUP', 129],
]) {
  process.once(signal, () => {
    removeFolder();
    process.exit(status);
  });
}

/** Packages stay imports, resolved here to files of this project's node_modules, wherever the bundle sits. */
const packagesFromProject = {
  name: 'packages-from-project',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('node:') ? { external: true } : { path: import.meta.resolve(args.path), external: true },
    );
  },
};

try {
  const outfile = join(folder, 'registry-import.mjs');
  await build({
    entryPoints: [join(repoRoot, 'src/openapi/import/main.ts')],
    absWorkingDir: repoRoot,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    outfile,
    plugins: [packagesFromProject],
    logLevel: 'error',
  });
  const { run } = await import(pathToFileURL(outfile).href);
  process.exitCode = await run(process.argv.slice(2), {
    repoRoot,
    cwd: process.env.INIT_CWD ?? process.cwd(),
    write: (line) => process.stderr.write(`${line}\n`),
    // Into the project's own registry: package.json's man field lists the pages of the areas it now has.
    afterImport: async (out) => {
      if (out !== join(repoRoot, 'registry')) return [];
      const names = await withManualWriter(({ manPageNames }) => manPageNames()).catch((error) => {
        throw new Error(`package.json's man field is not updated: ${error.message}; fix that, then run npm run docs`);
      });
      return writeManField(names) ? [`registry:import: package.json's man field now lists the ${names.length} man pages, for npm install -g`] : [];
    },
  });
} finally {
  removeFolder();
}

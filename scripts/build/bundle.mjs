// The esbuild settings for svc, shared by `npm run build` and the benchmark's variant bundles.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { builtinImports } from './builtin-imports.mjs';
import { lazyUndici } from './lazy-undici.mjs';
import { findSharedStartUpModules, startUpFile } from './start-up-file.mjs';

// fileURLToPath, not URL.pathname: a path with spaces (%20) or on Windows (/C:/…) must stay a path.
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));

// Some bundled CommonJS dependencies (undici, conf's) call require() for Node built-ins.
const requireBanner = "import { createRequire as __svcCreateRequire } from 'node:module'; const require = __svcCreateRequire(import.meta.url);";

const common = {
  absWorkingDir: repoRoot,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  define: { __SVC_VERSION__: JSON.stringify(version) },
  banner: { js: requireBanner },
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
};

/**
 * The CLI: `cli.js` holds only what every invocation needs (argv routing, commander, help); an
 * area's operations and zod, the call path, undici, conf and msw are chunks loaded on demand.
 * Built on its own, not beside the library, so chunks follow the CLI's lazy boundaries only:
 * every chunk is one more file for the loader to resolve at start-up.
 * `plugins` lets the benchmark swap in a generated registry; `write: false` with `metafile` lets
 * a test read what start-up loads without touching dist/. `keepStartUpTogether: false` builds
 * without scripts/build/start-up-file.mjs, so test/build/start-up-bundle.test.ts can name what it saves.
 */
export async function bundleCli({ outdir, plugins = [], metafile = false, write = true, keepStartUpTogether = true }) {
  const options = {
    ...common,
    entryPoints: { cli: 'src/cli/main.ts' },
    outdir,
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    plugins: [builtinImports, lazyUndici, ...plugins],
  };
  if (!keepStartUpTogether) return build({ ...options, metafile, write });
  const { startUp, shared } = await findSharedStartUpModules(options);
  const together = startUpFile({ startUp, shared, entry: './src/cli/main.ts', absWorkingDir: repoRoot });
  return build({ ...options, entryPoints: { cli: 'start-up-entry' }, plugins: [together, ...options.plugins], metafile, write });
}

/** The library (`import { createClient } from 'svc'`): one file, loaded whole by its users. */
export function bundleLibrary({ outdir }) {
  return build({ ...common, entryPoints: { index: 'src/index.ts' }, outdir, plugins: [builtinImports, lazyUndici] });
}

/** The manual's writer (`npm run docs`, src/cli/reference/manual.ts): one file, run at build time only. */
export function bundleManualWriter({ outfile }) {
  return build({ ...common, entryPoints: ['src/cli/reference/manual.ts'], outfile, sourcemap: false, external: ['msw', 'msw/*'], plugins: [builtinImports, lazyUndici] });
}

/**
 * The standalone binary's script (scripts/package/standalone.mjs): the whole CLI in one CommonJS
 * file, since a Node single-executable application runs one script and can require only Node's
 * built-ins. Lazy parts stay lazy: without splitting, esbuild turns each `await import()` into
 * a module initialised on first use, so only the start-up code runs at start-up.
 */
export function bundleStandalone({ outfile }) {
  // Minified: V8 reads the whole script at every start (2.4 MB, 1.3 MB minified), ~10% of the
  // binary's CPU time for --version. svc prints no stack traces, so nothing needs the names.
  return build({ ...common, entryPoints: ['src/cli/standalone.ts'], outfile, format: 'cjs', sourcemap: false, minify: true, banner: {}, plugins: [builtinImports, lazyUndici] });
}

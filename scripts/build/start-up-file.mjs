// Keeps everything svc's start-up loads in dist/cli.js itself (see startUpFile below for why).
import { relative, resolve } from 'node:path';
import { build } from 'esbuild';

const MODULE = 'start-up-module';
const REEXPORT = 'start-up-reexport';
const exportedAs = (index, name) => `__startUp${index}_${name}`;

/** A module's key as esbuild's metafile names it: a path from the working folder, or namespace:path. */
const keyOf = (absWorkingDir, { path, namespace }) => (namespace === 'file' ? relative(absWorkingDir, path) : `${namespace}:${path}`);

function locationOf(absWorkingDir, key) {
  const colon = key.indexOf(':');
  return colon > 0 && !key.startsWith('.') ? { namespace: key.slice(0, colon), path: key.slice(colon + 1) } : { namespace: 'file', path: resolve(absWorkingDir, key) };
}

/** The inputs of cli.js and of the chunks it imports statically: what every invocation loads. */
function startUpInputs(metafile, cliOutput) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imported of metafile.outputs[file].imports) if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
  };
  visit(cliOutput);
  return new Set([...seen].flatMap((file) => Object.keys(metafile.outputs[file].inputs)));
}

/**
 * Finds the start-up modules, those that lazy modules import too (from a normal split build), and
 * the names each of those exports (each built as an entry of its own). `options` are the CLI build's.
 */
export async function findSharedStartUpModules(options) {
  const analysis = { ...options, write: false, metafile: true, outdir: 'start-up-analysis' };
  const { metafile } = await build(analysis);
  const startUp = startUpInputs(metafile, 'start-up-analysis/cli.js');
  const shared = new Set();
  for (const [input, { imports }] of Object.entries(metafile.inputs)) {
    if (startUp.has(input)) continue;
    for (const imported of imports) if (imported.kind === 'import-statement' && startUp.has(imported.path)) shared.add(imported.path);
  }
  const keys = [...shared];
  const entries = Object.fromEntries(keys.map((key, index) => [`shared${index}`, `${MODULE}:${key}`]));
  const lookup = { name: 'start-up-lookup', setup: (b) => b.onResolve({ filter: new RegExp(`^${MODULE}:`) }, (args) => locationOf(options.absWorkingDir, args.path.slice(MODULE.length + 1))) };
  const named = await build({ ...analysis, entryPoints: entries, plugins: [lookup, ...options.plugins] });
  const exportsOf = (index) => Object.values(named.metafile.outputs).find((output) => output.entryPoint === keys[index])?.exports ?? [];
  return { startUp, shared: keys.map((key, index) => ({ key, exports: exportsOf(index) })) };
}

/**
 * esbuild puts every module that start-up shares with a lazy chunk into a chunk of its own, and
 * each is one more file the loader must resolve, read and link before svc prints a line (~0.2 ms
 * each; there were 11). With this plugin, cli.js holds them all and re-exports what lazy chunks
 * use under unique names; lazy chunks import those from cli.js, which is already loaded.
 * `startUp` and `shared` come from findSharedStartUpModules; `entry` is the CLI's real entry module.
 */
export function startUpFile({ startUp, shared, entry, absWorkingDir }) {
  const indexOf = new Map(shared.map(({ key }, index) => [key, index]));
  const reexports = shared.map(({ exports }, index) => exports.map((name) => `${name} as ${exportedAs(index, name)}`).join(', '));
  return {
    name: 'start-up-file',
    setup(b) {
      b.onResolve({ filter: new RegExp(`^${MODULE}:`) }, (args) => locationOf(absWorkingDir, args.path.slice(MODULE.length + 1)));
      b.onResolve({ filter: /^\.\.\/cli\.js$/, namespace: REEXPORT }, () => ({ path: '../cli.js', external: true }));
      b.onResolve({ filter: /.*/ }, async (args) => {
        if (args.pluginData?.startUpFile || args.kind !== 'import-statement' || args.namespace === 'start-up-entry') return undefined;
        // Start-up modules import each other as usual: they all end up in cli.js.
        if (startUp.has(keyOf(absWorkingDir, { path: args.importer, namespace: args.namespace }))) return undefined;
        const target = await b.resolve(args.path, { kind: args.kind, importer: args.importer, namespace: args.namespace, resolveDir: args.resolveDir, pluginData: { startUpFile: true } });
        const index = target.errors.length === 0 && !target.external ? indexOf.get(keyOf(absWorkingDir, target)) : undefined;
        return index === undefined ? undefined : { path: String(index), namespace: REEXPORT };
      });
      b.onLoad({ filter: /.*/, namespace: REEXPORT }, (args) => {
        const index = Number(args.path);
        const names = shared[index].exports.map((name) => `${exportedAs(index, name)} as ${name}`).join(', ');
        return { contents: `export { ${names} } from '../cli.js';`, loader: 'js' };
      });
      b.onLoad({ filter: /^entry$/, namespace: 'start-up-entry' }, () => ({
        contents: [`export * from '${entry}';`, ...shared.map(({ key }, index) => `export { ${reexports[index]} } from '${MODULE}:${key}';`)].join('\n'),
        resolveDir: absWorkingDir,
        loader: 'js',
      }));
      b.onResolve({ filter: /^start-up-entry$/ }, () => ({ path: 'entry', namespace: 'start-up-entry' }));
    },
  };
}

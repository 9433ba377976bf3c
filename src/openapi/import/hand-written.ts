import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin, PluginBuild } from 'esbuild';
import { ImportRefusal } from './refusal.js';
import type { HandWritten } from './conflicts.js';

const STUB = 'imported-stub';

/**
 * The operations written by hand in a registry folder: every area of `<out>/areas.ts` loaded, with
 * the imported areas left out (they are what the import replaces). The folder's TypeScript is
 * bundled with esbuild in memory and run as a module; zod resolves from the project's node_modules,
 * so a registry folder outside the project loads too.
 */
export async function loadHandWritten(folder: string, repoRoot: string, out = folder): Promise<HandWritten> {
  if (!existsSync(join(folder, 'areas.ts')) || !existsSync(join(folder, 'all-areas.ts'))) {
    throw new ImportRefusal(`${out} is not a registry folder (it has no areas.ts and all-areas.ts); name one with --out`);
  }
  const importedList = join(folder, 'imported', 'index.ts');
  const withoutImported = {
    name: 'without-imported-areas',
    setup(builder: PluginBuild) {
      builder.onResolve({ filter: /imported\/index\.js$/ }, (args) =>
        resolve(args.resolveDir, args.path.replace(/\.js$/, '.ts')) === importedList ? { path: 'index', namespace: STUB } : undefined,
      );
      builder.onLoad({ filter: /.*/, namespace: STUB }, () => ({ contents: 'export const importedAreas = {};', loader: 'ts' }));
    },
  };
  return loadOperations(folder, repoRoot, out, "import { loadAllOperations } from './all-areas.js';\nexport default await loadAllOperations();\n", [
    withoutImported,
  ]);
}

/**
 * The operations of the areas imported before into `<out>/imported/` (`areas`, from the files
 * there), read from each area's file, so that an area kept beside the new ones is checked against
 * them as the hand-written ones are.
 */
export async function loadImportedBefore(folder: string, repoRoot: string, areas: readonly string[], out = folder): Promise<HandWritten> {
  if (areas.length === 0) return new Map();
  // A file's name is quoted as a string, whatever it holds: it is never read as code.
  const imports = areas.map((area, i) => `import * as area${i} from ${JSON.stringify(`./imported/${area}.js`)};`);
  const entry = `${imports.join('\n')}\nexport default Object.assign({}, ...[${areas.map((_, i) => `area${i}`).join(', ')}].flatMap((m) => Object.values(m)));\n`;
  return loadOperations(folder, repoRoot, out, entry, []);
}

/**
 * What the registry in `folder` declares for all its operations about a 429 (its api.ts,
 * `throttlesBeforeApplying`), which the operations an import writes there inherit.
 */
export async function loadRegistryThrottling(folder: string, repoRoot: string, out = folder): Promise<boolean> {
  const declared = await loadDefault(folder, repoRoot, out, "import { api } from './api.js';\nexport default api.throttlesBeforeApplying;\n", []);
  if (typeof declared !== 'boolean') throw new ImportRefusal(`the registry in ${out} does not declare throttlesBeforeApplying in its api.ts as true or false`);
  return declared;
}

/** Bundles `entry` (TypeScript, in `folder`) with esbuild in memory and runs it: its default export, as id -> method and path. */
async function loadOperations(folder: string, repoRoot: string, out: string, entry: string, plugins: Plugin[]): Promise<HandWritten> {
  const operations = (await loadDefault(folder, repoRoot, out, entry, plugins)) as Record<string, { method: string; path: string }>;
  return new Map(Object.entries(operations).map(([id, op]) => [id, { method: op.method, path: op.path }]));
}

/** Bundles `entry` (TypeScript, in `folder`) with esbuild in memory and runs it: its default export. */
async function loadDefault(folder: string, repoRoot: string, out: string, entry: string, plugins: Plugin[]): Promise<unknown> {
  const { build } = await import('esbuild');
  let code: string;
  try {
    const result = await build({
      stdin: { contents: entry, resolveDir: folder, loader: 'ts' },
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'node',
      target: 'node22',
      nodePaths: [join(repoRoot, 'node_modules')],
      logLevel: 'silent',
      plugins,
    });
    code = result.outputFiles[0]!.text;
  } catch (error) {
    throw new ImportRefusal(`cannot read the registry in ${out}: ${firstLine(error)}`);
  }
  try {
    return ((await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as { default: unknown }).default;
  } catch (error) {
    throw new ImportRefusal(`the registry in ${out} does not load: ${firstLine(error)}`);
  }
}

const firstLine = (error: unknown): string => (error instanceof Error ? error.message : String(error)).split('\n')[0]!;

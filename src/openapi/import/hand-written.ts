import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
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
  const { build } = await import('esbuild');
  const importedList = join(folder, 'imported', 'index.ts');
  let code: string;
  try {
    const result = await build({
      stdin: { contents: "import { loadAllOperations } from './all-areas.js';\nexport default await loadAllOperations();\n", resolveDir: folder, loader: 'ts' },
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'node',
      target: 'node22',
      nodePaths: [join(repoRoot, 'node_modules')],
      logLevel: 'silent',
      plugins: [
        {
          name: 'without-imported-areas',
          setup(builder) {
            builder.onResolve({ filter: /imported\/index\.js$/ }, (args) =>
              resolve(args.resolveDir, args.path.replace(/\.js$/, '.ts')) === importedList ? { path: 'index', namespace: STUB } : undefined,
            );
            builder.onLoad({ filter: /.*/, namespace: STUB }, () => ({ contents: 'export const importedAreas = {};', loader: 'ts' }));
          },
        },
      ],
    });
    code = result.outputFiles[0]!.text;
  } catch (error) {
    throw new ImportRefusal(`cannot read the registry in ${out}: ${firstLine(error)}`);
  }
  let operations: Record<string, { method: string; path: string }>;
  try {
    operations = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)).default;
  } catch (error) {
    throw new ImportRefusal(`the registry in ${out} does not load: ${firstLine(error)}`);
  }
  return new Map(Object.entries(operations).map(([id, op]) => [id, { method: op.method, path: op.path }]));
}

const firstLine = (error: unknown): string => (error instanceof Error ? error.message : String(error)).split('\n')[0]!;

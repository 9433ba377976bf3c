// A throwaway registry (a folder holding a copy of registry/, whose hand-written areas may be left
// out, plus what `npm run registry:import -- … --out <folder>` wrote in <folder>/imported/), and the
// CLI built from it, laid out like the installed package (scripts/bench/cli-variant.mjs), so svc
// runs an imported description without anything generated touching the repo.
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { buildCliVariant } from '../bench/cli-variant.mjs';

const SKIP = Symbol('registry-folder: resolve as usual');

/**
 * An esbuild plugin that serves every import of registry/ from `folder` instead (`x.js` from
 * `x.ts`), and resolves the bare imports of the folder's files (zod/mini) as if it sat in registry/.
 */
export function registryFolderPlugin({ repoRoot, folder }) {
  const registryDir = join(repoRoot, 'registry');
  const inside = (path, dir) => path === dir || path.startsWith(dir + sep);
  return {
    name: 'registry-folder',
    setup(build) {
      build.onResolve({ filter: /^\.\.?\// }, (args) => {
        const target = resolve(args.resolveDir, args.path);
        if (!inside(target, registryDir)) return undefined;
        const source = join(folder, relative(registryDir, target)).replace(/\.js$/, '.ts');
        if (!existsSync(source)) return { errors: [{ text: `${relative(registryDir, target)} is not in the registry folder ${folder}` }] };
        return { path: source };
      });
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.pluginData === SKIP || !inside(args.importer, folder)) return undefined;
        return build.resolve(args.path, { kind: args.kind, resolveDir: registryDir, pluginData: SKIP });
      });
    },
  };
}

/** The hand-written area modules registry/areas.ts loads (`./email.js` -> `email`). */
export function handWrittenAreaModules(areasSource) {
  return [...areasSource.matchAll(/import\('\.\/([a-z][a-z0-9-]*)\.js'\)/g)].map((match) => match[1]);
}

/**
 * Copies registry/*.ts and registry/imported/*.ts (where the importer writes) into `folder`;
 * with `handWritten: false`, areas.ts and index.ts keep only the imported areas; with
 * `importedBefore: false`, of imported/ only its two lists, which the import to come writes again
 * (the areas a clone imported before would otherwise sit beside the description's). Throws when
 * registry/ no longer has the shape this expects, rather than build a registry that is not the one meant.
 */
export function makeThrowawayRegistry({ repoRoot, folder, handWritten = true, importedBefore = true }) {
  const registryDir = join(repoRoot, 'registry');
  mkdirSync(join(folder, 'imported'), { recursive: true });
  for (const name of readdirSync(registryDir)) if (name.endsWith('.ts')) copyFileSync(join(registryDir, name), join(folder, name));
  const lists = ['index.ts', 'operations.ts'];
  for (const name of readdirSync(join(registryDir, 'imported')))
    if (name.endsWith('.ts') && (importedBefore || lists.includes(name))) copyFileSync(join(registryDir, 'imported', name), join(folder, 'imported', name));
  if (handWritten) return folder;
  const areas = readFileSync(join(registryDir, 'areas.ts'), 'utf8');
  const modules = handWrittenAreaModules(areas);
  const withoutAreas = areas.replace(/^ {2}[a-z][a-z0-9-]*: \{ summary: .*load: async \(\) => \(await import\('\.\/[a-z][a-z0-9-]*\.js'\)\)\.\w+ \},\n/gm, '');
  const index = readFileSync(join(registryDir, 'index.ts'), 'utf8');
  let withoutIndex = index.replace(new RegExp(`^import \\{ \\w+ \\} from '\\./(?:${modules.join('|')})\\.js';\\n`, 'gm'), '');
  const kept = (names, separator) =>
    names
      .split(separator)
      .map((name) => name.trim())
      .filter((name) => name !== '' && !modules.includes(name.replace(/^typeof /, '')));
  withoutIndex = withoutIndex.replace(/combineOperations\(([^)]*)\)/g, (call, names) => `combineOperations(${kept(names, ',').join(', ')})`);
  // A type named by its areas (`registry: typeof email & … & typeof imported`) keeps only the areas left; with none, it is inferred.
  withoutIndex = withoutIndex.replace(/: (typeof \w+(?:\s*&\s*typeof \w+)*) =/g, (annotation, names) => {
    const left = kept(names, '&');
    return left.length === 0 ? ' =' : `: ${left.join(' & ')} =`;
  });
  for (const [name, text] of [
    ['areas.ts', withoutAreas],
    ['index.ts', withoutIndex],
  ]) {
    const left = modules.find(
      (module) => text.includes(`'./${module}.js'`) || new RegExp(`combineOperations\\([^)]*\\b${module}\\b|typeof ${module}\\b`).test(text),
    );
    if (left || text === (name === 'areas.ts' ? areas : index))
      throw new Error(`registry/${name} has a shape makeThrowawayRegistry does not know: cannot leave out its hand-written areas`);
    writeFileSync(join(folder, name), text);
  }
  return folder;
}

/** Builds the CLI from the registry in `registryFolder` into `folder` (bin/, dist/); returns its bin/svc.cjs. */
export function buildRegistryVariant({ repoRoot, registryFolder, folder }) {
  return buildCliVariant({ repoRoot, folder, plugins: [registryFolderPlugin({ repoRoot, folder: registryFolder })] });
}

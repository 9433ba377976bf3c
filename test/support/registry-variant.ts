// bin/svc built from another registry: a CLI laid out as the installed one (scripts/bench/cli-variant.mjs),
// whose registry/areas.ts is replaced by a test's own areas module, so every command, completion,
// `svc ops`, the export and `svc mcp` read that registry. Built once per test file, in its temp folder.
import { join, resolve } from 'node:path';
import type { Plugin } from 'esbuild';
import { buildCliVariant } from '../../scripts/bench/cli-variant.mjs';
import { tempFolder } from './temp-folder.js';

const REPO = resolve(import.meta.dirname, '..', '..');

/** Builds svc with `areasFile` (a module exporting `areas`, as registry/areas.ts does) as its registry; returns its bin. */
export async function buildSvcWithAreas(areasFile: string): Promise<string> {
  const registryAreas = join(REPO, 'registry', 'areas.js');
  const plugin: Plugin = {
    name: 'test-registry',
    setup(build) {
      build.onResolve({ filter: /areas\.js$/ }, (args) => (join(args.resolveDir, args.path) === registryAreas ? { path: areasFile } : undefined));
    },
  };
  return buildCliVariant({ repoRoot: REPO, folder: tempFolder('svc-variant-'), plugins: [plugin] });
}

import { copyFileSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { areaListSource, LISTS_HEADER, operationListSource } from '../../../src/openapi/import/area-source.js';
import { tempFolder } from '../../support/temp-folder.js';

export const repoRoot = join(import.meta.dirname, '..', '..', '..');

/**
 * A throwaway registry: a temp folder holding a copy of registry/*.ts (so `../define.js` and the
 * rest resolve) without the hand-written areas `without` and with no imported area, a copy of the export (src/openapi/*.ts,
 * which reads that registry's rules), and `node_modules` linked to the project's, so zod resolves
 * to the very copy the tests use. Returns the registry folder.
 */
export function throwawayRegistry(without: readonly string[] = ['campaigns', 'crm', 'email', 'files']): string {
  const root = tempFolder('svc-import-');
  symlinkSync(join(repoRoot, 'node_modules'), join(root, 'node_modules'), 'dir');
  const registry = join(root, 'registry');
  mkdirSync(join(registry, 'imported'), { recursive: true });
  for (const name of readdirSync(join(repoRoot, 'registry'))) {
    if (name.endsWith('.ts') && !without.includes(name.slice(0, -3))) copyFileSync(join(repoRoot, 'registry', name), join(registry, name));
  }
  // The lists as a registry with no imported area has them, whatever this clone has imported.
  writeFileSync(join(registry, 'imported', 'index.ts'), areaListSource(LISTS_HEADER, []));
  writeFileSync(join(registry, 'imported', 'operations.ts'), operationListSource(LISTS_HEADER, []));
  mkdirSync(join(root, 'src', 'openapi'), { recursive: true });
  for (const name of readdirSync(join(repoRoot, 'src', 'openapi'))) {
    if (name.endsWith('.ts')) copyFileSync(join(repoRoot, 'src', 'openapi', name), join(root, 'src', 'openapi', name));
  }
  const areas = readFileSync(join(registry, 'areas.ts'), 'utf8');
  const kept = areas
    .split('\n')
    .filter((line) => !without.some((area) => line.startsWith(`  ${area}: {`)))
    .join('\n');
  writeFileSync(join(registry, 'areas.ts'), kept);
  return registry;
}

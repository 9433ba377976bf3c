import { join } from 'node:path';

/**
 * Formats generated files with the project's Prettier configuration (the one `prettier --check`
 * applies to the rest of the tree), so imported code reads like hand-written code.
 */
export async function formatFiles(repoRoot: string, files: ReadonlyMap<string, string>): Promise<Map<string, string>> {
  const prettier = await import('prettier');
  const formatted = new Map<string, string>();
  for (const [name, source] of files) {
    // The project's settings wherever the files go (a throwaway registry folder has none of its own).
    const path = join(repoRoot, 'registry', 'imported', name);
    const config = (await prettier.resolveConfig(path, { editorconfig: false })) ?? {};
    formatted.set(name, await prettier.format(source, { ...config, filepath: path, parser: 'typescript' }));
  }
  return formatted;
}

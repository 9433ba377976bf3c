import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type AreaListing, GENERATED_MARK, summaryOfFile } from './area-source.js';
import { ImportRefusal } from './refusal.js';

/** The files the importer manages, besides one per area. */
const LISTS = new Set(['index.ts', 'operations.ts']);

export interface ImportedFolder {
  path: string;
  /** The folder as the user named it, for messages. */
  shown: string;
  /** Areas whose generated files are there now, with their summaries. */
  areas: AreaListing[];
  /** `.ts` files in the folder that the importer did not write: never replaced. */
  foreign: Set<string>;
}

const firstLine = (text: string): string => text.slice(0, text.indexOf('\n') === -1 ? undefined : text.indexOf('\n'));

/** What `<out>/imported/` holds now (empty when it does not exist yet). */
export function readImportedFolder(out: string, shownOut = out): ImportedFolder {
  const path = join(out, 'imported');
  const shown = join(shownOut, 'imported');
  let names: string[] = [];
  try {
    names = readdirSync(path).filter((name) => name.endsWith('.ts'));
  } catch (error) {
    if ((error as { code?: string }).code !== 'ENOENT') throw new ImportRefusal(`cannot read ${shown}: ${(error as Error).message}`);
  }
  const areas: AreaListing[] = [];
  const foreign = new Set<string>();
  for (const name of names.sort()) {
    const text = readFileSync(join(path, name), 'utf8');
    if (!firstLine(text).startsWith(GENERATED_MARK)) foreign.add(name);
    else if (!LISTS.has(name)) areas.push({ area: name.slice(0, -3), summary: summaryOfFile(text) ?? name.slice(0, -3) });
  }
  return { path, shown, areas, foreign };
}

/**
 * Writes the files into `<out>/imported/`, the areas' first and the two lists last, each whole
 * (written beside, then renamed), refusing before writing any if one would replace a file the
 * importer did not write.
 */
export function writeImportedFiles(folder: ImportedFolder, files: ReadonlyMap<string, string>): string[] {
  const clash = [...files.keys()].find((name) => folder.foreign.has(name));
  if (clash)
    throw new ImportRefusal(
      `${join(folder.shown, clash)} was not written by the importer (its first line is not "${GENERATED_MARK} …"); move it away or leave its area out with --areas`,
      1,
    );
  mkdirSync(folder.path, { recursive: true });
  const order = [...files.keys()].sort((a, b) => Number(LISTS.has(a)) - Number(LISTS.has(b)) || (a < b ? -1 : 1));
  for (const name of order) {
    const target = join(folder.path, name);
    const partial = `${target}.${process.pid}.partial`;
    try {
      writeFileSync(partial, files.get(name)!);
      renameSync(partial, target);
    } catch (error) {
      rmSync(partial, { force: true });
      throw new ImportRefusal(`cannot write ${join(folder.shown, name)}: ${(error as Error).message}`);
    }
  }
  return order.map((name) => join(folder.path, name));
}

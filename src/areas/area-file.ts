// node:fs, not node:fs/promises: that one loads readline and file watchers on every call (~1 ms).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Operations } from '../../registry/define.js';
import { parseIndex, readIndexText } from './area-index.js';
import { CorruptArea, damagedArea, operationsOfArea } from './operation-build.js';

/** The file the index names for an area now, if it can be read. */
function currentFile(folder: string, name: string): string | undefined {
  try {
    const text = readIndexText(folder);
    const index = text === undefined ? undefined : parseIndex(text);
    return typeof index === 'object' && Object.hasOwn(index.areas, name) ? index.areas[name]!.file : undefined;
  } catch {
    return undefined;
  }
}

/**
 * An added area's operations, from its file; a file that is missing or damaged is one line saying
 * what to do. A file gone since the index was read was replaced by a `svc areas add` or `update`
 * running meanwhile: the index is read again, once, for the file that replaced it.
 */
export async function loadArea(folder: string, name: string, file: string, again = true): Promise<Operations> {
  let text: string;
  try {
    text = readFileSync(join(folder, file), 'utf8');
  } catch (error) {
    const code = (error as { code?: string }).code;
    const now = again && code === 'ENOENT' ? currentFile(folder, name) : undefined;
    if (now !== undefined && now !== file) return loadArea(folder, name, now, false);
    throw damagedArea(name, `its file ${file} cannot be read: ${code ?? 'unreadable'}`);
  }
  try {
    return operationsOfArea(text, name);
  } catch (error) {
    if (error instanceof CorruptArea) throw damagedArea(name, `${file}: ${error.message}`);
    throw error;
  }
}

// Writing a profile's store (stored.ts) so that a reader never sees half of it and two `svc areas`
// at once never lose each other's areas: each area file is written whole beside its final name and
// renamed into place, under a name that holds a hash of its content, so a file once named never
// changes; the index is written the same way, last, under the config lock's kind of lock
// (src/config/config-lock.ts), read again inside it; files no index names any more go after that.
// A reader that read the old index just before finds its file gone, and reads the index again
// (added-areas.ts).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, rmdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { withConfigLock } from '../config/config-lock.js';
import { makeSettingsFolder } from '../config/settings-folder.js';
import type { Clock } from '../clock.js';
import { VERSION } from '../version.js';
import { MAX_INDEX_BYTES, parseIndex } from './area-index.js';
import { ExitCode, SvcError } from '../errors.js';
import { areaFileText } from './area-text.js';
import { AREA_FILE, indexPath } from './store-folder.js';
import { type AreaListing, STORE_FORMAT, type StoredArea, type StoredIndex } from './stored.js';

/** What one change does: areas written (new, or replacing one of the same name) and areas removed. */
export interface StoreChange {
  write: { listing: Omit<AreaListing, 'file'>; content: StoredArea }[];
  remove: string[];
}

/** The index as it is on disk, for a change to start from: none, or one that cannot be read, is `undefined`. */
export type CurrentIndex = StoredIndex | undefined;

/** A partial file left by a process that died while writing: gone after this long. */
const LEFT_OVER_MS = 10 * 60 * 1000;
const PARTIAL = /\.partial-\d+-[0-9a-f]{8}$/;

/**
 * Runs `change` under the store's lock, on the index read inside it, then writes what it returns and
 * removes the files no longer named. Resolves to the index written. A change that throws writes nothing.
 */
export async function changeStore(folder: string, change: (current: CurrentIndex) => StoreChange | Promise<StoreChange>, clock?: Clock): Promise<StoredIndex> {
  const created = makeSettingsFolder(folder);
  const lockOptions = { waitMs: 60_000, subject: 'the added areas', ...(clock ? { clock } : {}) };
  return withConfigLock(
    indexPath(folder),
    async () => {
      const current = readCurrentIndex(folder);
      const { write, remove } = await change(current);
      const areas: Record<string, AreaListing> = Object.create(null) as Record<string, AreaListing>;
      for (const [name, listing] of Object.entries(current?.areas ?? {})) if (!remove.includes(name)) areas[name] = listing;
      const old = Object.keys(areas).filter((name) => !write.some(({ content }) => content.area === name));
      // Areas another svc compiled stay as they were, under their svc's stamp: only removing some, or compiling all again, changes them.
      const stale = current !== undefined && (current.format !== STORE_FORMAT || current.svc !== VERSION) && old.length > 0;
      if (stale && write.length > 0) throw new Error('areas compiled by another svc cannot be kept beside new ones: update them all');
      const stamp = stale ? { format: current.format, svc: current.svc } : { format: STORE_FORMAT, svc: VERSION };
      // The index as it will be, each new file's name as long as it will be: one svc could not read back is refused before any file is written.
      for (const { listing, content } of write) areas[content.area] = { ...listing, file: `${content.area}.${'0'.repeat(16)}.json` };
      checkIndexSize(indexText({ ...stamp, areas: sortedByName(areas) }));
      for (const { listing, content } of write) areas[content.area] = { ...listing, file: writeAreaFile(folder, content) };
      const index: StoredIndex = { ...stamp, areas: sortedByName(areas) };
      writeWhole(indexPath(folder), indexText(index));
      removeUnnamed(folder, new Set(Object.values(index.areas).map((listing) => listing.file)));
      return index;
    },
    lockOptions,
  ).catch((error: unknown) => {
    if (created !== undefined) removeEmptyUpTo(folder, created);
    throw error;
  });
}

/** A change refused in a store it made the folders of leaves none of them: each empty one, from `folder` up to `top`, goes. */
function removeEmptyUpTo(folder: string, top: string): void {
  for (let dir = folder; ; dir = dirname(dir)) {
    try {
      rmdirSync(dir);
    } catch {
      return;
    }
    if (dir === top || dirname(dir) === dir) return;
  }
}

const indexText = (index: StoredIndex): string => `${JSON.stringify(index, null, 2)}\n`;

/** Refuses an index over the size svc reads (area-index.ts): it would be written, then never read. */
function checkIndexSize(text: string): void {
  const bytes = Buffer.byteLength(text);
  if (bytes <= MAX_INDEX_BYTES) return;
  throw new SvcError(
    `the added areas of this profile would make an index of ${(bytes / 1024 / 1024).toFixed(1)} MiB, over the ${MAX_INDEX_BYTES / 1024 / 1024} MiB svc reads; add fewer areas at once (--areas), or some to another profile`,
    ExitCode.usage,
  );
}

/** The index on disk now: undefined when there is none, or it cannot be read (it is then replaced). */
export function readCurrentIndex(folder: string): CurrentIndex {
  try {
    const index = parseIndex(readFileSync(indexPath(folder), 'utf8'));
    return typeof index === 'string' ? undefined : index;
  } catch {
    return undefined;
  }
}

const sortedByName = (areas: Record<string, AreaListing>): Record<string, AreaListing> =>
  Object.fromEntries(Object.entries(areas).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/**
 * Writes an area's file, named for its content; returns its name. A file of that name is written
 * again all the same (renamed over, whole): it may be one that was damaged since.
 */
function writeAreaFile(folder: string, content: StoredArea): string {
  const text = areaFileText(content);
  const name = `${content.area}.${createHash('sha256').update(text).digest('hex').slice(0, 16)}.json`;
  if (!AREA_FILE.test(name)) throw new Error(`the area name ${JSON.stringify(content.area)} cannot name a file`);
  writeWhole(join(folder, name), text);
  return name;
}

/** Writes a file beside its name and renames it into place: a reader sees the old file or the new one. */
function writeWhole(target: string, text: string): void {
  const partial = `${target}.partial-${process.pid}-${Math.floor(Math.random() * 0x1_0000_0000)
    .toString(16)
    .padStart(8, '0')}`;
  try {
    writeFileSync(partial, text, { mode: 0o600 });
    renameSync(partial, target);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

/** Removes the area files no index names, and partial files left over from a write that died. */
function removeUnnamed(folder: string, named: ReadonlySet<string>): void {
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (AREA_FILE.test(name) && !named.has(name)) rmSync(path, { force: true });
    else if (PARTIAL.test(name) && Date.now() - (statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > LEFT_OVER_MS)
      rmSync(path, { force: true });
  }
}

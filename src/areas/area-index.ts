// The index of a profile's added areas (stored.ts): read and checked as data, in the root command
// too (`svc --help` lists the added areas), so it loads nothing but node:fs.
import { readFileSync } from 'node:fs';
import { AREA_FILE, indexPath } from './store-folder.js';
import type { AreaListing, StoredIndex } from './stored.js';

/** An index is a few lines per area; one this large is something else. */
export const MAX_INDEX_BYTES = 4 * 1024 * 1024;

/** An area name: lower-case words of letters and digits joined by hyphens (the first word of its operation ids). */
export const AREA_NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string';

/** Whether a listing is one `svc areas add` writes. */
function isListing(name: string, listing: unknown): listing is AreaListing {
  if (!AREA_NAME.test(name) || !isObject(listing) || !isObject(listing.source)) return false;
  const { summary, file, operations, source, title, version, added } = listing;
  return (
    isText(summary) &&
    isText(file) &&
    AREA_FILE.test(file) &&
    file.startsWith(`${name}.`) &&
    Number.isSafeInteger(operations) &&
    isText(source.location) &&
    isText(source.tag) &&
    (source.credential === undefined || source.credential === true) &&
    [title, version, added].every(isText)
  );
}

/** The index's content as a StoredIndex, or why it is not one. */
export function parseIndex(text: string): StoredIndex | string {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return 'its index is not JSON';
  }
  if (!isObject(data) || typeof data.format !== 'number' || !isText(data.svc) || !isObject(data.areas)) return 'its index is not one svc writes';
  const bad = Object.entries(data.areas).find(([name, listing]) => !isListing(name, listing));
  if (bad) return `its index lists ${JSON.stringify(bad[0].slice(0, 60))} wrongly`;
  return { format: data.format, svc: data.svc, areas: Object.assign(Object.create(null) as Record<string, AreaListing>, data.areas) };
}

/** The index file as text; undefined when there is none (nothing was added). */
export function readIndexText(folder: string): string | undefined {
  try {
    const bytes = readFileSync(indexPath(folder));
    if (bytes.length > MAX_INDEX_BYTES) throw Object.assign(new Error('too large'), { code: 'EFBIG' });
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw new Error(code === 'EFBIG' ? 'its index is too large' : code ? `its index cannot be read (${code})` : 'its index is not UTF-8');
  }
}

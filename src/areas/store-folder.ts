import { join } from 'node:path';
import { configFolder } from '../config/config-folder.js';

/**
 * The folder of a profile's added areas: `areas/<profile>` in svc's config folder (SVC_CONFIG_DIR, else
 * the platform's), beside the settings. A profile name may hold any character but a control
 * character: every one outside a-z, 0-9, `-` and `_` is written `%XX` (its UTF-8 bytes), so a name is
 * one folder, never `..` or a path, and two names that differ only in case stay apart on a file
 * system that ignores case.
 */
export function storeFolder(env: Record<string, string | undefined>, profile: string): string {
  return join(configFolder(env), 'areas', profileFolderName(profile));
}

export function profileFolderName(profile: string): string {
  // `%` alone is no name's encoding: the empty name is a folder too.
  if (profile === '') return '%';
  return [...Buffer.from(profile, 'utf8')]
    .map((byte) => (isPlain(byte) ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`))
    .join('');
}

/** a-z, 0-9, `-`, `_`. */
const isPlain = (byte: number): boolean => (byte >= 0x61 && byte <= 0x7a) || (byte >= 0x30 && byte <= 0x39) || byte === 0x2d || byte === 0x5f;

/** The index of a store folder. */
export const INDEX_FILE = 'index.json';

/** The name of an area's file: `<area>.<16 hex digits>.json` (a hash of its content); nothing else in the folder is read. */
export const AREA_FILE = /^[a-z][a-z0-9]*(-[a-z0-9]+)*\.[0-9a-f]{16}\.json$/;

export const indexPath = (folder: string): string => join(folder, INDEX_FILE);

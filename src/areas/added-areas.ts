// Reading a profile's added areas: the index when argv needs the list of areas (an unknown first word,
// `svc --help`, the commands about every operation), an area's file only when a command needs its
// operations. A store that cannot be used is one line for the user, and svc goes on without it.
import type { AreaEntry } from '../../registry/areas.js';
import { VERSION } from '../version.js';
import { parseIndex, readIndexText } from './area-index.js';
import { indexPath, storeFolder } from './store-folder.js';
import { STORE_FORMAT, type StoredIndex } from './stored.js';

export interface AddedAreas {
  /** The profile's store folder. */
  folder: string;
  /** The areas this svc can use, by name (no prototype): each loads its operations when a command needs them. */
  areas: Record<string, AreaEntry>;
  /** Why the store, or part of it, cannot be used: one line for standard error. */
  notice?: string;
  /** The index as read, stale ones too (`svc areas list` and `update` read it); absent when there is none or it cannot be read. */
  index?: StoredIndex;
  /** Written by another svc, or in another layout: its areas are left out until `svc areas update`. */
  stale?: boolean;
}

/**
 * The added areas of `profile`, read from its index (and nothing else): none, without a word, when
 * nothing was added; none with a notice when the index cannot be read or was written by another svc.
 * `taken` names the built-in areas and commands, which an added area never shadows.
 */
export function readAddedAreas(env: Record<string, string | undefined>, profile: string, taken: (name: string) => boolean): AddedAreas {
  const folder = storeFolder(env, profile);
  const areas: Record<string, AreaEntry> = Object.create(null) as Record<string, AreaEntry>;
  const whose = `the areas added to profile ${JSON.stringify(profile)}`;
  let parsed: StoredIndex | string;
  try {
    const text = readIndexText(folder);
    if (text === undefined) return { folder, areas };
    parsed = parseIndex(text);
  } catch (error) {
    parsed = (error as Error).message;
  }
  if (typeof parsed === 'string')
    return { folder, areas, notice: `${whose} cannot be used: ${parsed} (${indexPath(folder)}); add them again with \`svc areas add\`` };
  if (parsed.format !== STORE_FORMAT || parsed.svc !== VERSION) {
    const writer = parsed.svc === VERSION ? 'in another layout' : `by svc ${parsed.svc.slice(0, 40)}`;
    const notice = `${whose} were compiled ${writer}: svc goes on without them until \`svc areas update\` compiles them again`;
    return { folder, areas, notice, index: parsed, stale: true };
  }
  const shadowing = Object.keys(parsed.areas).filter(taken);
  for (const [name, listing] of Object.entries(parsed.areas)) {
    // The area's file, and zod with it, load only when a command needs its operations.
    if (!taken(name)) areas[name] = { summary: listing.summary, load: async () => (await import('./area-file.js')).loadArea(folder, name, listing.file) };
  }
  const notice = shadowing.length > 0 ? `${whose} include ${shadowing.join(', ')}, now built into svc: the built-in ones are used` : undefined;
  return { folder, areas, index: parsed, ...(notice ? { notice } : {}) };
}

// `svc areas add` and `svc areas update`: the description read (a file, or an https URL through
// fetch-description.ts), handed to src/areas/add-description.ts, and what happened said on stderr.
import { resolve } from 'node:path';
import { loadAllOperations } from '../../../registry/all-areas.js';
import type { AddedDescription, AddOutcome, DescriptionToAdd } from '../../areas/add-description.js';
import { storeFolder } from '../../areas/store-folder.js';
import type { AreaListing } from '../../areas/stored.js';
import { systemClock } from '../../clock.js';
import { type GlobalOptions, profileName } from '../../config/target.js';
import type { Context } from '../../core/context.js';
import { usageError } from '../../errors.js';
import { terminalSafeLine } from '../../output/terminal-safe.js';
import { fetchDescription } from './fetch-description.js';

/** As the transport's answers: a description is at most a few tens of MiB (GitHub's, the largest known, is 13 MB). */
export const MAX_DESCRIPTION_BYTES = 64 * 1024 * 1024;

export interface AddFlags {
  areas?: string;
  rename?: string;
  withCredential?: boolean;
  report?: string;
}

const isUrl = (location: string): boolean => /^[a-z][a-z0-9+.-]*:\/\//i.test(location);

/** The text of a description and where it came from, as the index keeps it (a file's absolute path). */
async function readSource(ctx: Context, globals: GlobalOptions, location: string, withCredential: boolean): Promise<Pick<DescriptionToAdd, 'text' | 'source'>> {
  if (isUrl(location)) {
    const text = await fetchDescription(ctx, globals, location, withCredential);
    return { text, source: { location: new URL(location).href, ...(withCredential ? { credential: true as const } : {}) } };
  }
  if (withCredential) throw usageError('--with-credential goes with an https URL: a file is read as it is');
  return { text: await ctx.files.readText(location, MAX_DESCRIPTION_BYTES), source: { location: resolve(location) } };
}

/** `svc areas add <file|url>`. */
export async function addArea(ctx: Context, location: string, flags: AddFlags, globals: GlobalOptions): Promise<void> {
  const { readAreaNames, readRenames } = await import('../../areas/adding.js');
  const choice = await refusingAsUsage(() => ({
    ...(flags.areas === undefined ? {} : { areas: readAreaNames(flags.areas) }),
    ...(flags.rename === undefined ? {} : { renames: readRenames(flags.rename) }),
  }));
  const writeReport = flags.report === undefined ? undefined : await ctx.files.prepareWrite(flags.report, '--report');
  const read = await readSource(ctx, globals, location, flags.withCredential === true);
  await addAndSay(ctx, globals, [{ ...read, ...choice, shown: location }], writeReport);
}

/** `svc areas update [name…]`: each area read again from where it came from, one read per source, and compiled anew. */
export async function updateAreas(ctx: Context, names: string[], globals: GlobalOptions, listings: Record<string, AreaListing>): Promise<void> {
  const chosen = names.length === 0 ? Object.keys(listings) : names;
  if (chosen.length === 0) throw usageError('no area has been added to this profile: `svc areas add <file|url>` adds one');
  const bySource = new Map<string, { listing: AreaListing; names: string[] }>();
  for (const name of chosen) {
    const listing = Object.hasOwn(listings, name) ? listings[name]! : undefined;
    if (!listing) throw usageError(`no area "${name}" has been added to this profile; \`svc areas list\` lists them`);
    const key = `${listing.source.credential ? '+' : '-'}${listing.source.location}`;
    bySource.set(key, { listing, names: [...(bySource.get(key)?.names ?? []), name] });
  }
  const descriptions: DescriptionToAdd[] = [];
  for (const { listing, names: areas } of bySource.values()) {
    const read = await readSource(ctx, globals, listing.source.location, listing.source.credential === true);
    const renames = new Map(areas.map((name) => [listings[name]!.source.tag, name] as const).filter(([tag, name]) => tag !== name));
    const tags = areas.map((name) => listings[name]!.source.tag);
    descriptions.push({ ...read, shown: listing.source.location, areas: tags, ...(renames.size > 0 ? { renames } : {}) });
  }
  await addAndSay(ctx, globals, descriptions);
}

async function refusingAsUsage<T>(step: () => T): Promise<T> {
  const { ImportRefusal } = await import('../../areas/adding.js');
  try {
    return step();
  } catch (error) {
    throw error instanceof ImportRefusal ? usageError(error.message) : error;
  }
}

async function addAndSay(ctx: Context, globals: GlobalOptions, descriptions: DescriptionToAdd[], writeReport?: (text: string) => void): Promise<void> {
  const clock = ctx.clock ?? systemClock;
  const profile = profileName(ctx, globals);
  const started = clock.now();
  const [{ addDescriptions }, builtIn] = await Promise.all([import('../../areas/adding.js'), loadAllOperations()]);
  const folder = storeFolder(ctx.env, profile);
  const outcome = await addDescriptions({ folder, profile, builtIn, now: () => new Date(clock.now()), clock }, descriptions);
  const seconds = (clock.now() - started) / 1000;
  for (const description of outcome.added) for (const line of reportLines(description, profile, seconds)) ctx.io.err(`${terminalSafeLine(line)}\n`);
  for (const { area, location } of outcome.replaced)
    ctx.io.err(`svc areas: ${area} replaces the area of that name added before (from ${terminalSafeLine(location)})\n`);
  const files = outcome.added.flatMap((item) => item.areas.map((area) => outcome.index.areas[area]!.file));
  if (writeReport) writeReport(outcome.added[0]!.report.json({ ...summaryOf(outcome.added[0]!, folder, seconds), files }));
  ctx.io.err(`svc areas: their commands are ready; \`svc completion <shell>\` prints a completion script that has them\n`);
}

const summaryOf = (added: AddedDescription, folder: string, seconds: number) => ({
  description: added.shown,
  folder,
  operations: added.operations,
  areas: added.areas,
  seconds,
});

/** The head line and what could not be mapped exactly, by construct (each place: --report). */
function reportLines(added: AddedDescription, profile: string, seconds: number): string[] {
  const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;
  const head = `svc areas: ${plural(added.operations, 'operation')} in ${plural(added.areas.length, 'area')} (${added.areas.join(', ')}) added to profile ${JSON.stringify(profile)} from ${added.shown} (${added.title} ${added.version}) in ${seconds.toFixed(1)} s`;
  const counts = added.report.counts();
  if (counts.length === 0) return [head, 'Every construct was mapped.'];
  return [
    head,
    `Not mapped exactly: ${plural(added.report.items.length, 'place')} (by construct below; --report <file> lists each, with its operation and what was done)`,
    ...counts.map(([construct, count]) => `  ${String(count).padStart(6)}  ${construct}`),
  ];
}

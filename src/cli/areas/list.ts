// `svc areas list` and `svc areas remove`: what a profile's store holds, and taking areas out of it.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { readAddedAreas } from '../../areas/added-areas.js';
import { changeStore } from '../../areas/store-write.js';
import { type GlobalOptions, profileName } from '../../config/target.js';
import type { Context } from '../../core/context.js';
import { type OutputOptions, preparePresenter } from '../../core/presenter.js';
import { usageError } from '../../errors.js';
import { terminalSafeLine } from '../../output/terminal-safe.js';
import { printPresentation } from '../report.js';

/** The profile's store as read, and its folder; a notice (a store that cannot be used) on stderr. */
export function readStore(ctx: Context, globals: GlobalOptions) {
  const profile = profileName(ctx, globals);
  const store = readAddedAreas(ctx.env, profile, () => false);
  if (store.notice) ctx.io.err(`svc: warning: ${terminalSafeLine(store.notice)}\n`);
  return { profile, ...store };
}

/** `svc areas list`: one row per added area, as a table on a terminal, JSON when piped, or as --output says. */
export async function listAreas(ctx: Context, globals: GlobalOptions & OutputOptions): Promise<void> {
  const presenter = await preparePresenter(ctx, globals);
  const store = readStore(ctx, globals);
  const rows = Object.entries(store.index?.areas ?? {}).map(([area, listing]) => ({
    area,
    operations: listing.operations,
    summary: listing.summary,
    source: listing.source.location,
    description: `${listing.title} ${listing.version}`,
    added: listing.added,
    state: store.stale ? 'stale' : statSync(join(store.folder, listing.file), { throwIfNoEntry: false })?.isFile() ? 'ready' : 'missing',
  }));
  if (rows.length === 0 && !store.notice)
    ctx.io.err(`No area has been added to profile ${JSON.stringify(store.profile)}; \`svc areas add <file|url>\` adds one.\n`);
  printPresentation(ctx, await presenter.present(rows));
}

/** `svc areas remove <name…>`: the areas out of the index, then their files. */
export async function removeAreas(ctx: Context, names: string[], globals: GlobalOptions): Promise<void> {
  const store = readStore(ctx, globals);
  await changeStore(
    store.folder,
    (current) => {
      for (const name of names) {
        if (!current || !Object.hasOwn(current.areas, name)) {
          const known = Object.keys(current?.areas ?? {});
          throw usageError(
            `no area "${name}" has been added to profile ${JSON.stringify(store.profile)}${known.length > 0 ? `; its added areas are ${known.join(', ')}` : ''}`,
          );
        }
      }
      return { write: [], remove: names };
    },
    ctx.clock,
  );
  ctx.io.err(`svc areas: removed ${names.join(', ')} from profile ${JSON.stringify(store.profile)}\n`);
}

import { readDuration } from '../config/durations.js';
import { InputError } from '../errors.js';

/**
 * When a draft whose `syncStatus` is `pending` syncs: after this many reads answered `pending`,
 * after this long (from the start, the last reset or its change), or never.
 */
export type SyncAfter = { reads: number } | { ms: number } | 'never';

/** The mock's default: two reads answer `pending`, the third `synced`. */
export const DEFAULT_SYNC_AFTER: SyncAfter = { reads: 2 };

/** How a draft's provider sync goes in the mock: pending drafts become `synced` (or `failed`) when due. */
export interface DraftSync {
  /** A read of a draft: one still pending that is due now reads `synced`, or `failed` when its sync was made to fail. */
  read(id: string, draft: { syncStatus: string }): void;
  /** A draft was created or changed: pending from now, its sync ending `failed` when `fail`. */
  changed(id: string, fail: boolean): void;
  /** Back to the fixtures: every pending draft starts again. */
  reset(): void;
}

interface Pending {
  reads: number;
  since: number;
  fail: boolean;
}

export function createDraftSync(after: SyncAfter, now: () => number = () => Date.now()): DraftSync {
  let pending = new Map<string, Pending>();
  let startedAt = now();
  return {
    read(id, draft) {
      if (draft.syncStatus !== 'pending' || after === 'never') return;
      let entry = pending.get(id);
      if (!entry) pending.set(id, (entry = { reads: 0, since: startedAt, fail: false }));
      entry.reads++;
      const due = 'reads' in after ? entry.reads > after.reads : now() - entry.since >= after.ms;
      if (!due) return;
      draft.syncStatus = entry.fail ? 'failed' : 'synced';
      pending.delete(id);
    },
    changed(id, fail) {
      pending.set(id, { reads: 0, since: now(), fail });
    },
    reset() {
      pending = new Map();
      startedAt = now();
    },
  };
}

/** The longest `--sync-after` in reads, or in time (an hour). */
const MAX_READS = 1000;
const SYNC_TIME = { name: '--sync-after', min: 0.01, max: 3600 };

/** `svc mock --sync-after <reads | duration | never>`: a whole number counts reads (`2`); a duration carries its unit (`3s`, `500ms`). */
export function parseSyncAfter(given: string): SyncAfter {
  if (given === 'never') return 'never';
  if (/^\d{1,4}$/.test(given) && Number(given) <= MAX_READS) return { reads: Number(given) };
  const time = /[a-z]$/.test(given) ? readDuration(given, SYNC_TIME) : undefined;
  if (time?.ok) return { ms: time.ms };
  throw new InputError({
    field: '--sync-after',
    message: `expected a number of reads from 0 to ${MAX_READS} (2), a time from 0.01 s to 1 h with its unit (500ms, 3s, 1m), or never, got ${JSON.stringify(given)}`,
  });
}

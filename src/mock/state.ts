import { createDraftSync, DEFAULT_SYNC_AFTER, type DraftSync, type SyncAfter } from './draft-sync.js';
import type { Fixtures } from './fixture-schema.js';

export type FileKind = 'file' | 'directory';

/** The live workspace: the fixtures plus every write since the last reset. Plain JSON throughout. */
export interface WorkspaceState {
  drafts: Fixtures['drafts'];
  sequences: Fixtures['sequences'];
  members: Fixtures['members'];
  crmObjects: Fixtures['crmObjects'];
  templates: Fixtures['templates'];
  /** Every file and directory by normalised path; parents of a file are listed as directories. */
  files: Record<string, FileKind>;
  taskSeries: Fixtures['taskSeries'];
}

/** Holds the state across resets; handlers keep the store, never a state object, so a reset reaches them. */
export interface MockStore {
  state: WorkspaceState;
  /** A new id with this prefix (`enr_1`, `enr_2`, ...) that `taken` does not already know. */
  newId(prefix: string, taken: (id: string) => boolean): string;
  /** A deep copy of the state, safe to serialise or keep. */
  snapshot(): WorkspaceState;
  /** Back to the fixtures; id counters restart, and pending drafts start again. */
  reset(): void;
  /** When a pending draft syncs (src/mock/draft-sync.ts). */
  sync: DraftSync;
}

export function createMockStore(fixtures: Fixtures, syncAfter: SyncAfter = DEFAULT_SYNC_AFTER): MockStore {
  let counters = new Map<string, number>();
  const store: MockStore = {
    state: seedState(fixtures),
    sync: createDraftSync(syncAfter),
    newId(prefix, taken) {
      let id: string;
      do {
        const next = (counters.get(prefix) ?? 0) + 1;
        counters.set(prefix, next);
        id = `${prefix}_${next}`;
      } while (taken(id));
      return id;
    },
    snapshot: () => structuredClone(store.state),
    reset() {
      store.state = seedState(fixtures);
      counters = new Map();
      store.sync.reset();
    },
  };
  return store;
}

function seedState(fixtures: Fixtures): WorkspaceState {
  const copy = structuredClone(fixtures);
  return { ...copy, files: seedFileTree(copy.files) };
}

function seedFileTree(paths: readonly string[]): Record<string, FileKind> {
  const tree: Record<string, FileKind> = {};
  for (const raw of paths) {
    const path = normaliseFilePath(raw);
    if (path === '') continue;
    const parts = path.split('/');
    for (let depth = 1; depth < parts.length; depth++) tree[parts.slice(0, depth).join('/')] = 'directory';
    tree[path] = raw.endsWith('/') ? 'directory' : 'file';
  }
  return tree;
}

/** Workspace paths are relative: `/reports/2026/`, `./reports/2026` and `reports//2026` all mean `reports/2026`. */
export function normaliseFilePath(path: string): string {
  return path
    .split('/')
    .filter((part) => part !== '' && part !== '.')
    .join('/');
}

/** The record's own entry for an id; ids such as "constructor" or "__proto__" find nothing. */
export function findById<T>(record: Record<string, T>, id: string): T | undefined {
  return Object.hasOwn(record, id) ? record[id] : undefined;
}

/** What a draft the mock makes (`POST /_mock/drafts/<id>`) starts from: no subject, no recipient, no sender. */
const NEW_DRAFT = { revision: 0, subject: '', to: [], senderId: null, senders: [] };

/**
 * Creates or changes a draft, as the provider sees an edit: `fields` over what it held, its revision
 * one higher, and `pending` until it syncs (src/mock/draft-sync.ts), then `failed` when `fail`.
 */
export function changeDraft(store: MockStore, id: string, fields: Readonly<Record<string, unknown>>, fail: boolean): WorkspaceState['drafts'][string] {
  const before = findById(store.state.drafts, id) ?? NEW_DRAFT;
  const draft = { ...before, ...fields, syncStatus: 'pending', revision: before.revision + 1 };
  // Defined, not assigned: an id such as "__proto__" is a key like any other.
  Object.defineProperty(store.state.drafts, id, { value: draft, enumerable: true, writable: true, configurable: true });
  store.sync.changed(id, fail);
  return draft;
}

// What `svc areas add` keeps for a profile, in svc's config folder (store-folder.ts): an index of the
// added areas, and one file per area holding its operations in a checked, compiled form (the
// importer's mapping, schemas as trees). Both are JSON: svc reads them as data and runs nothing.
import type { ErrorDoc, HttpMethod, PageCursor, Safety } from '../../registry/define.js';
import type { SchemaTree } from '../openapi/import/schema-tree.js';

/** The layout of the files below; a store of another layout (or another svc) is compiled again by `svc areas update`. */
export const STORE_FORMAT = 1;

/** Where an area's description came from, and its name there: what `svc areas update` reads again. */
export interface AreaSource {
  /** The description's file (an absolute path) or its https URL. */
  location: string;
  /** The area's name from its tag, before `--rename`. */
  tag: string;
  /** The profile's credential is sent with the URL's request (`--with-credential`). */
  credential?: true;
}

/** One added area, as the index lists it. */
export interface AreaListing {
  summary: string;
  /** Its file, beside the index: `<area>.<hash of the content>.json`. */
  file: string;
  operations: number;
  source: AreaSource;
  /** The description's title and version (its `info`). */
  title: string;
  version: string;
  /** When it was added or last updated (ISO 8601). */
  added: string;
}

/** `index.json`. */
export interface StoredIndex {
  format: number;
  /** The svc that wrote it: another compiles descriptions otherwise. */
  svc: string;
  areas: Record<string, AreaListing>;
}

/**
 * A part of an area's file kept as JSON text inside it: an operation, a named schema. A command reads
 * the whole file, and text costs a fraction of the objects it stands for; each part is read only when
 * a command needs it (an area has hundreds of operations, a call makes one).
 */
export type JsonText = string;

/** One operation, as registry/define.ts's OperationSpec holds it, its schemas as trees. */
export interface StoredOperation {
  method: HttpMethod;
  path: string;
  summary: string;
  args: string[];
  params?: SchemaTree;
  query?: SchemaTree;
  headers?: SchemaTree;
  body?: SchemaTree;
  optionalBody?: true;
  response: SchemaTree;
  safety: Safety;
  idempotent?: boolean;
  destructive?: true;
  throttlesBeforeApplying?: boolean;
  nullResult?: string;
  examples: string[];
  status?: number;
  errors?: ErrorDoc;
  display?: { fields: Record<string, string>; html?: string };
  saveField?: { flag: string; field: string; help: string };
  cursor?: PageCursor;
  deprecated?: true;
}

/** `<area>.<hash>.json`: the operations of one area (each a StoredOperation), and the named schemas (trees) theirs refer to by index. */
export interface StoredArea {
  format: number;
  area: string;
  operations: Record<string, JsonText>;
  named: JsonText[];
}

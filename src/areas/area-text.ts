// An area's file as text: its first line a small JSON index of where each operation and named
// schema is in the rest, then their JSON texts one after the other. A call reads the file and parses
// the first line and the few parts it needs: an area of hundreds of operations (GitHub's repos: 500
// KB) costs it about what an area of a few costs.
import type { StoredArea } from './stored.js';

/** The first line: which area, in which layout, and each part's [start, end) in the text after it. */
interface AreaHead {
  format: number;
  area: string;
  operations: Record<string, [number, number]>;
  named: [number, number][];
}

/** The text of an area's file. */
export function areaFileText(stored: StoredArea): string {
  let body = '';
  const span = (text: string): [number, number] => {
    const start = body.length;
    body += text;
    return [start, body.length];
  };
  const operations: Record<string, [number, number]> = {};
  for (const [id, text] of Object.entries(stored.operations)) operations[id] = span(text);
  const named = stored.named.map(span);
  const head: AreaHead = { format: stored.format, area: stored.area, operations, named };
  return `${JSON.stringify(head)}\n${body}`;
}

/** An area's file, read: its area and layout, its operation ids, and each part's JSON text by id or index (undefined when there is none). */
export interface AreaFile {
  format: unknown;
  area: unknown;
  ids: string[];
  operation(id: string): string | undefined;
  named(index: number): string | undefined;
  /** How many named schemas it holds. */
  namedCount: number;
}

const isSpan = (value: unknown, length: number): value is [number, number] =>
  Array.isArray(value) &&
  value.length === 2 &&
  Number.isSafeInteger(value[0]) &&
  Number.isSafeInteger(value[1]) &&
  0 <= value[0] &&
  value[0] <= value[1] &&
  value[1] <= length;

/** Reads an area's file text; undefined when its first line is not an index of the rest. */
export function readAreaFileText(text: string): AreaFile | undefined {
  const newline = text.indexOf('\n');
  if (newline < 0) return undefined;
  let head: unknown;
  try {
    head = JSON.parse(text.slice(0, newline));
  } catch {
    return undefined;
  }
  if (head === null || typeof head !== 'object' || Array.isArray(head)) return undefined;
  const { format, area, operations, named } = head as Partial<AreaHead>;
  const length = text.length - newline - 1;
  if (operations === null || typeof operations !== 'object' || Array.isArray(operations) || !Array.isArray(named)) return undefined;
  const part = (span: unknown): string | undefined => (isSpan(span, length) ? text.slice(newline + 1 + span[0], newline + 1 + span[1]) : undefined);
  return {
    format,
    area,
    ids: Object.keys(operations),
    operation: (id) => (Object.hasOwn(operations, id) ? part(operations[id]) : undefined),
    named: (index) => (Number.isSafeInteger(index) && index >= 0 && index < named.length ? part(named[index]) : undefined),
    namedCount: named.length,
  };
}

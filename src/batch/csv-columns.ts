import type { OperationSpec } from '../../registry/define.js';
import { pathParamNames } from '../../registry/define.js';
import { applyAssignments, type FieldAssignment, parseFieldAssignment } from '../input/assignment.js';
import { type FieldKind, bodyFields } from '../input/fields.js';
import { readFieldText } from '../input/field-text.js';
import { InputError } from '../errors.js';

/**
 * One CSV column. Its header is an assignment key, as after a map flag: `email`, `checkDuplicatesAcrossWorkspace:=`
 * (the cell is JSON), `tags[]` (appends), and `data.name`, `data.amount:=`, `data.assignees[]` for entries of a map field.
 */
export interface Column {
  header: string;
  /** The path parameter or body field it fills. */
  field: string;
  kind: FieldKind | 'path';
  /** The map entry's key, with its `[]` and `:` marks, for `data.name`-style headers. */
  entry?: string;
  json: boolean;
  append: boolean;
}

/** Reads the header row into columns; a column that names no field of the operation makes the input unusable. */
export function readCsvColumns(op: OperationSpec, cells: readonly string[], where: string): Column[] {
  const kinds = new Map<string, Column['kind']>(pathParamNames(op.path).map((name) => [name, 'path']));
  for (const field of bodyFields(op)) kinds.set(field.name, field.kind);
  return cells.map((cell, index) => {
    const header = cell.trim();
    const refuse = (why: string) => new InputError(`${where}: column ${index + 1} "${header}" ${why}`);
    if (header === '') throw refuse(`has no name; every column of the header row must name a field (${[...kinds.keys()].join(', ')})`);
    const dot = header.indexOf('.');
    const key = (dot === -1 ? header : header.slice(0, dot)).replace(/=$/, '');
    const field = key.replace(/:$/, '').replace(/\[\]$/, '');
    const kind = kinds.get(field);
    if (!kind) throw refuse(`is not a field of this operation (${[...kinds.keys()].join(', ')})`);
    if (dot === -1) return { header, field, kind, json: key.endsWith(':'), append: field !== key.replace(/:$/, '') };
    const entry = header.slice(dot + 1).replace(/=$/, '');
    if (kind !== 'map') throw refuse(`names an entry of ${field}, which is not a map field`);
    if (entry.replace(/:$/, '').replace(/\[\]$/, '') === '') throw refuse('has an empty entry name after the dot');
    return { header, field, kind, entry, json: false, append: false };
  });
}

/** A CSV row as a line object, like one NDJSON line. An empty cell leaves its field out. */
export function rowObject(
  columns: readonly Column[],
  cells: readonly string[],
): { ok: true; object: Record<string, unknown> } | { ok: false; problem: string } {
  if (cells.length !== columns.length) return { ok: false, problem: `the row has ${cells.length} cells but the header names ${columns.length} columns` };
  const top: FieldAssignment[] = [];
  const entries = new Map<string, FieldAssignment[]>();
  try {
    columns.forEach((column, index) => {
      const cell = cells[index]!;
      if (cell === '') return;
      if (column.entry === undefined) top.push({ key: column.field, value: cellValue(column, cell), append: column.append });
      else entries.set(column.field, [...(entries.get(column.field) ?? []), entryAssignment(column, cell)]);
    });
  } catch (error) {
    if (error instanceof InputError) return { ok: false, problem: error.message };
    throw error;
  }
  const object = applyAssignments(top);
  for (const [field, assignments] of entries) {
    const given = object[field];
    const base = given !== null && typeof given === 'object' && !Array.isArray(given) ? given : {};
    object[field] = { ...base, ...applyAssignments(assignments) };
  }
  return { ok: true, object };
}

function entryAssignment(column: Column, cell: string): FieldAssignment {
  try {
    return parseFieldAssignment(`${column.entry}=${cell}`);
  } catch (error) {
    if (error instanceof InputError) throw error.under(`column ${column.header}`);
    throw error;
  }
}

/** A cell under a plain header takes the field's type, as its flag would; `key:=` cells are JSON. */
function cellValue(column: Column, cell: string): unknown {
  try {
    return readFieldText(column.kind, cell, column.json);
  } catch (error) {
    throw error instanceof InputError ? error.under(`column ${column.header}`) : error;
  }
}

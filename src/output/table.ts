import { isExactNumber } from '../client/exact-number.js';
import { Chalk } from 'chalk';
import { displayWidth, padToWidth, truncateToWidth } from './text-width.js';

export interface TableOptions {
  /** Terminal width in cells; values are cut so each line fits. Unset when piped: nothing is cut. */
  width?: number;
  color: boolean;
}

const GAP = 2;
/** A column is never cut narrower than this, so every column stays recognisable. */
const MIN_COLUMN = 5;

/**
 * A value as a table: an array of objects has a column per key (in first-seen order) and a row per
 * item; one object is a two-column list of its keys and values; anything else is one value a line.
 * On a terminal no line is wider than it (20 columns or more): cells are cut, and rows with too
 * many columns to fit side by side are shown one block of labelled lines each.
 */
export function formatTable(value: unknown, options: TableOptions): string {
  if (Array.isArray(value) && value.length > 0 && value.every(isRecord)) return rowsTable(value, options);
  if (isRecord(value)) return keyValueTable(value, options);
  const items = Array.isArray(value) ? value : [value];
  return items.map((item) => `${fitLine(cellText(item), options.width)}\n`).join('');
}

function rowsTable(rows: Record<string, unknown>[], options: TableOptions): string {
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const cells = rows.map((row) => keys.map((key) => cellText(row[key])));
  const labels = keys.map(cellText);
  // Too many columns to show side by side even at their narrowest: one block of labelled lines a
  // row, blocks a blank line apart, as gh and the AWS CLI do on a narrow terminal.
  if (options.width !== undefined && keys.length * MIN_COLUMN + GAP * (keys.length - 1) > options.width) {
    return cells
      .map((row) =>
        renderGrid(
          row.map((cell, i) => [labels[i]!, cell]),
          options,
          (_row, column) => column === 0,
        ),
      )
      .join('\n');
  }
  return renderGrid([labels, ...cells], options, (row) => row === 0);
}

function keyValueTable(record: Record<string, unknown>, options: TableOptions): string {
  const cells = Object.entries(record).map(([key, item]) => [cellText(key), cellText(item)]);
  return renderGrid(cells, options, (_row, column) => column === 0);
}

/** Lines of cells in columns two spaces apart; `bold` says which cells are labels. */
function renderGrid(cells: string[][], options: TableOptions, bold: (row: number, column: number) => boolean): string {
  const columns = cells[0]!.length;
  const natural = Array.from({ length: columns }, (_, i) => Math.max(...cells.map((row) => displayWidth(row[i]!))));
  const widths = options.width === undefined ? natural : fitColumns(natural, options.width);
  const chalk = new Chalk({ level: options.color ? 1 : 0 });
  const lines = cells.map((row, r) =>
    row
      .map((cell, c) => {
        const cut = truncateToWidth(cell, widths[c]!);
        const padded = c === columns - 1 ? cut : padToWidth(cut, widths[c]!);
        return bold(r, c) ? chalk.bold(padded) : padded;
      })
      .join(' '.repeat(GAP))
      .trimEnd(),
  );
  return `${lines.join('\n')}\n`;
}

/** Narrows the widest columns first until a row fits the width; none goes below MIN_COLUMN. */
export function fitColumns(natural: readonly number[], width: number): number[] {
  const widths = [...natural];
  let excess = widths.reduce((sum, w) => sum + w, 0) + GAP * (widths.length - 1) - width;
  while (excess > 0) {
    let widest = 0;
    for (let i = 1; i < widths.length; i++) if (widths[i]! > widths[widest]!) widest = i;
    if (widths[widest]! <= MIN_COLUMN) break;
    const next = Math.max(MIN_COLUMN, ...widths.filter((_, i) => i !== widest));
    const cut = Math.min(excess, Math.max(1, widths[widest]! - next), widths[widest]! - MIN_COLUMN);
    widths[widest]! -= cut;
    excess -= cut;
  }
  return widths;
}

function fitLine(text: string, width: number | undefined): string {
  return width === undefined ? text : truncateToWidth(text, width);
}

/** One line of text for a cell: strings as they are, lists joined, objects as compact JSON. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (isExactNumber(value)) return value.rawJSON;
  if (typeof value === 'string') return value.replace(/[\u0000-\u001f\u007f]+/g, ' ');
  if (Array.isArray(value) && value.every((item) => item === null || typeof item !== 'object' || isExactNumber(item))) return value.map(cellText).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !isExactNumber(value);
}

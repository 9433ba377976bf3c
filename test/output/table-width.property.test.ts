import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatTable } from '../../src/output/table.js';
import { displayWidth } from '../../src/output/text-width.js';

// A table is never wider than the terminal, at any width of 20 columns or more, whatever
// the keys and values hold: wide CJK and emoji text, combining marks, many columns.

const text = fc.string({ unit: fc.constantFrom('a', 'Z', '9', ' ', '-', '日', '本', '語', '😀', '🇯🇵', 'é', 'e\u0301', '한', 'ｱ'), maxLength: 30 });
const value = fc.oneof(text, fc.integer(), fc.constant(null), fc.array(text, { maxLength: 3 }), fc.dictionary(text, text, { maxKeys: 2 }));
const record = fc.dictionary(text, value, { minKeys: 1, maxKeys: 14 });

const widest = (table: string): number => Math.max(...table.split('\n').map(displayWidth));

describe('a table on a terminal', () => {
  it('is never wider than the terminal: rows, one object, or plain values', () => {
    fc.assert(
      fc.property(fc.integer({ min: 20, max: 160 }), fc.array(record, { minLength: 1, maxLength: 4 }), (width, rows) => {
        expect(widest(formatTable(rows, { width, color: false }))).toBeLessThanOrEqual(width);
        expect(widest(formatTable(rows[0], { width, color: false }))).toBeLessThanOrEqual(width);
        expect(
          widest(
            formatTable(
              rows.map((row) => Object.values(row)[0]),
              { width, color: false },
            ),
          ),
        ).toBeLessThanOrEqual(width);
      }),
      { numRuns: 150 },
    );
  });

  it('shows rows with too many columns for the width as labelled blocks, every value still there', () => {
    const rows = [
      Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`k${i}`, `v${i}`])),
      Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`k${i}`, `w${i}`])),
    ];
    expect(formatTable(rows, { width: 20, color: false })).toBe(
      `${rows
        .map((row) =>
          Object.entries(row)
            .map(([k, v]) => `${k}  ${v}`)
            .join('\n'),
        )
        .join('\n\n')}\n`,
    );
    // Wide enough for six narrow columns: side by side.
    expect(formatTable(rows, { width: 60, color: false }).split('\n')[0]).toBe('k0  k1  k2  k3  k4  k5');
  });

  it('piped, nothing is cut and the columns stay side by side', () => {
    const rows = [Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`key${i}`, '日本語'.repeat(10)]))];
    expect(formatTable(rows, { color: false }).split('\n')).toHaveLength(3);
  });
});

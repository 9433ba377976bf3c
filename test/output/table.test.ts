import { describe, expect, it } from 'vitest';
import { cellText, fitColumns, formatTable } from '../../src/output/table.js';
import { displayWidth, truncateToWidth, wrapToWidth } from '../../src/output/text-width.js';

const occurrences = [
  { taskId: 'tsk_w1', title: 'Weekly pipeline review', dueAt: '2026-03-02T09:00:00Z', status: 'done' },
  { taskId: 'tsk_w2', title: 'Weekly pipeline review', dueAt: '2026-03-09T09:00:00Z', status: 'open', owner: 'usr_ada' },
];

describe('formatTable', () => {
  it('has a column per key, in first-seen order, and a row per item', () => {
    expect(formatTable(occurrences, { color: false })).toBe(
      [
        'taskId  title                   dueAt                 status  owner',
        'tsk_w1  Weekly pipeline review  2026-03-02T09:00:00Z  done',
        'tsk_w2  Weekly pipeline review  2026-03-09T09:00:00Z  open    usr_ada',
        '',
      ].join('\n'),
    );
  });

  it('cuts the widest columns so every line fits the terminal, marking cuts with …', () => {
    const text = formatTable(occurrences, { color: false, width: 50 });
    const lines = text.trimEnd().split('\n');
    for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(50);
    expect(lines[1]).toContain('…');
    expect(lines[0]!.startsWith('taskId  ')).toBe(true);
    expect(lines[2]).toMatch(/^tsk_w2 /);
  });

  it('prints nothing cut when no width is given (piped)', () => {
    const long = 'x'.repeat(500);
    expect(formatTable([{ note: long }], { color: false })).toBe(`note\n${long}\n`);
  });

  it('shows one object as keys and values', () => {
    expect(formatTable({ draftId: 'dr_1', revision: 3, to: ['a@x.io', 'b@x.io'], senderId: null }, { color: false })).toBe(
      'draftId   dr_1\nrevision  3\nto        a@x.io, b@x.io\nsenderId\n',
    );
  });

  it('shows a list of plain values one a line', () => {
    expect(formatTable(['tsk_w2', 'tsk_w3'], { color: false })).toBe('tsk_w2\ntsk_w3\n');
  });

  it('lines up wide characters by the cells they take', () => {
    const text = formatTable(
      [
        { name: '日本', n: 1 },
        { name: 'ab', n: 2 },
      ],
      { color: false },
    );
    expect(text).toBe('name  n\n日本  1\nab    2\n');
  });

  it('makes the header bold when colour is on', () => {
    expect(formatTable([{ a: 1 }], { color: true })).toBe('\u001b[1ma\u001b[22m\n1\n');
  });
});

describe('fitColumns', () => {
  it('leaves columns alone when they fit', () => {
    expect(fitColumns([5, 10, 3], 40)).toEqual([5, 10, 3]);
  });

  it('takes width from the widest column first', () => {
    expect(fitColumns([6, 40, 10], 40)).toEqual([6, 20, 10]);
  });

  it('never narrows a column below five cells', () => {
    expect(fitColumns([30, 30, 30], 10)).toEqual([5, 5, 5]);
  });
});

describe('cell text and widths', () => {
  it('turns values into one line', () => {
    expect(cellText('a\nb\tc')).toBe('a b c');
    expect(cellText({ a: [1] })).toBe('{"a":[1]}');
    expect(cellText([{ a: 1 }])).toBe('[{"a":1}]');
    expect(cellText(false)).toBe('false');
    expect(cellText(undefined)).toBe('');
  });

  it('counts terminal cells', () => {
    expect(displayWidth('abc')).toBe(3);
    expect(displayWidth('日本語')).toBe(6);
    expect(displayWidth('e\u0301')).toBe(1);
    expect(displayWidth('👍🏽')).toBe(2);
  });

  it('cuts by cells and never splits a character', () => {
    expect(truncateToWidth('abcdef', 4)).toBe('abc…');
    expect(truncateToWidth('日本語', 4)).toBe('日…');
    expect(truncateToWidth('abc', 3)).toBe('abc');
  });

  it('wraps at spaces', () => {
    expect(wrapToWidth('one two three four', 9)).toEqual(['one two', 'three', 'four']);
  });
});

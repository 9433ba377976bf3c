import { describe, expect, it } from 'vitest';
import { formatTable } from '../../src/output/table.js';
import { displayWidth, truncateToWidth, wrapToWidth } from '../../src/output/text-width.js';

// Terminal cells as a terminal counts them (string-width): an emoji or a flag is two cells, CJK text
// two a character, so table rows line up and the template preview wraps CJK text.
describe('terminal cells', () => {
  it.each([
    ['a flag (two regional indicators)', '🇫🇷', 2],
    ['a family (ZWJ sequence)', '👨‍👩‍👧', 2],
    ['a keycap', '1️⃣', 2],
    ['an emoji with a skin tone', '👍🏽', 2],
    ['an emoji presentation selector', '❤️', 2],
    ['CJK', '漢字', 4],
    ['Hangul', '한국어', 6],
    ['fullwidth Latin', 'ＡＢ', 4],
    ['a combining accent', 'e\u0301', 1],
    ['a zero-width joiner alone', 'a\u200db', 2],
    ['plain ASCII', 'plain', 5],
  ])('%s takes the cells a terminal draws', (_, text, cells) => {
    expect(displayWidth(text)).toBe(cells);
  });

  it('cuts between graphemes, never inside a flag or an emoji sequence', () => {
    const cut = truncateToWidth('🇫🇷🇩🇪🇮🇹 flags', 6);
    expect(cut).toBe('🇫🇷🇩🇪…');
    expect(displayWidth(cut)).toBeLessThanOrEqual(6);
  });

  it('table rows holding emoji and flags line up: the second column starts at the same cell on every line', () => {
    const rows = [
      { name: 'Paris 🇫🇷', mood: '👍🏽', n: 1 },
      { name: 'Berlin', mood: '❤️', n: 2 },
      { name: '東京', mood: 'ok', n: 3 },
      { name: 'family 👨‍👩‍👧', mood: '1️⃣', n: 4 },
    ];
    const lines = formatTable(rows, { color: false }).trimEnd().split('\n');
    expect(lines).toHaveLength(5);
    const column = (line: string, name: string) => displayWidth(line.slice(0, line.indexOf(name)));
    const moodAt = column(lines[0]!, 'mood');
    const nAt = column(lines[0]!, ' n') + 1;
    for (const [i, line] of lines.slice(1).entries()) {
      expect(displayWidth(line.slice(0, line.indexOf(rows[i]!.mood))), line).toBe(moodAt);
      expect(displayWidth(line.slice(0, line.lastIndexOf(String(rows[i]!.n)))), line).toBe(nAt);
    }
  });
});

describe('wrapToWidth', () => {
  it('wraps CJK text, which has no spaces, between characters, each line within the width', () => {
    const text = '新しいキャンペーンのお知らせです。ご登録いただきありがとうございます。';
    const lines = wrapToWidth(text, 20);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(20);
    expect(lines.join('')).toBe(text);
  });

  it('still breaks Latin text at spaces and keeps words whole when they fit', () => {
    expect(wrapToWidth('the quick brown fox jumps', 10)).toEqual(['the quick', 'brown fox', 'jumps']);
  });

  it('breaks a word longer than a line (a long URL) rather than overflowing', () => {
    const lines = wrapToWidth('see https://example.com/a/very/long/path/that/does/not/fit', 20);
    for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(20);
    expect(lines.join('').replace(/ /g, '')).toBe('seehttps://example.com/a/very/long/path/that/does/not/fit');
  });

  it("keeps a line's indentation (code in a <pre>, a nested list) on every line it wraps to", () => {
    expect(wrapToWidth('    if (x) {', 40)).toEqual(['    if (x) {']);
    expect(wrapToWidth('    return someValue + anotherValue', 20)).toEqual(['    return someValue', '    + anotherValue']);
  });
});

import { describe, expect, it } from 'vitest';
import { displayWidth, padToWidth, truncateToWidth, wrapToWidth } from '../../src/output/text-width.js';

// The boundaries of cutting, padding and wrapping: a value that just fits is kept
// whole, one cell more is cut with "…", a wide character never straddles the edge.
describe('truncateToWidth at its edges', () => {
  it.each([
    ['fits exactly', 'abcdef', 6, 'abcdef'],
    ['one cell too wide', 'abcdefg', 6, 'abcde…'],
    ['a width of one keeps only the mark', 'abc', 1, '…'],
    ['a width of zero keeps nothing', 'abc', 0, ''],
    ['a negative width keeps nothing', 'abc', -3, ''],
    ['an empty text', '', 0, ''],
    ['CJK that fits exactly', '漢字', 4, '漢字'],
    ['CJK one cell short: the wide character is not split', '漢字漢字', 6, '漢字…'],
    ['CJK with room for the mark', '漢字漢字', 5, '漢字…'],
    ['a combining accent stays with its letter', 'e\u0301e\u0301e\u0301', 2, 'e\u0301…'],
    ['a control character counts as no cell', 'a\x7fb', 2, 'a\x7fb'],
  ])('%s', (_name, text, width, cut) => {
    expect(truncateToWidth(text, width)).toBe(cut);
    if (width > 0) expect(displayWidth(cut)).toBeLessThanOrEqual(width);
  });
});

describe('displayWidth', () => {
  it.each([
    ['every printable ASCII character', Array.from({ length: 95 }, (_, i) => String.fromCharCode(0x20 + i)).join(''), 95],
    ['the empty text', '', 0],
    ['DEL, which a terminal does not draw', '\x7f', 0],
    ['ASCII then CJK', 'ab漢', 4],
    ['CJK then ASCII', '漢ab', 4],
  ])('%s', (_name, text, cells) => {
    expect(displayWidth(text)).toBe(cells);
  });
});

describe('padToWidth', () => {
  it.each([
    ['ASCII', 'ab', 4, 'ab  '],
    ['CJK counts two cells each', '漢', 4, '漢  '],
    ['an emoji sequence counts as one wide character', '👨‍👩‍👧', 3, '👨‍👩‍👧 '],
    ['exactly the width', 'abcd', 4, 'abcd'],
    ['wider than the width is left as it is', 'abcdef', 3, 'abcdef'],
  ])('%s', (_name, text, width, padded) => {
    expect(padToWidth(text, width)).toBe(padded);
  });
});

describe('wrapToWidth at its edges', () => {
  it.each([
    ['words that fill the line exactly', 'abc def ghi', 7, ['abc def', 'ghi']],
    ['one cell over moves the word down', 'abc defg', 7, ['abc', 'defg']],
    ['a word exactly the width is kept whole', 'abcdefg', 7, ['abcdefg']],
    ['a word one cell wider is cut', 'abcdefgh', 7, ['abcdefg', 'h']],
    ['CJK cut so that no line is wider', '漢字漢字', 5, ['漢字', '漢字']],
    ['a width of one keeps words whole', 'abc de', 1, ['abc', 'de']],
    ['a width of two cuts them', 'abcde', 2, ['ab', 'cd', 'e']],
    ['the empty paragraph is one empty line', '', 10, ['']],
  ])('%s', (_name, paragraph, width, lines) => {
    expect(wrapToWidth(paragraph, width)).toEqual(lines);
  });

  it('repeats an indentation narrower than half the line, and not one as wide as half', () => {
    expect(wrapToWidth('   ab cd ef', 8)).toEqual(['   ab cd', '   ef']);
    expect(wrapToWidth('    ab cd', 8)).toEqual(['    ab', 'cd']);
  });
});

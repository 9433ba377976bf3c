// Terminal cells a string takes, so that table columns line up and cut values stay within the
// screen: CJK, emoji and flags take two cells, combining marks and zero-width characters none.

import stringWidth from 'string-width';

const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * Cells of one grapheme, from string-width (Unicode's East Asian Width data through
 * get-east-asian-width, RGI emoji, flags and keycaps as one wide cluster, zero-width marks):
 * a maintained table rather than one of ours.
 */
const graphemeWidth = (grapheme: string): number => stringWidth(grapheme);

/** How many terminal cells the text takes (one line, no escape sequences). */
export function displayWidth(text: string): number {
  // Plain ASCII is the common case: one cell per character.
  if (/^[\x20-\x7e]*$/.test(text)) return text.length;
  let width = 0;
  for (const { segment } of segmenter.segment(text)) width += graphemeWidth(segment);
  return width;
}

/** Cuts the text to at most `width` cells, ending in "…" when something was cut. */
export function truncateToWidth(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  if (width <= 0) return '';
  let kept = '';
  let used = 0;
  for (const { segment } of segmenter.segment(text)) {
    const cells = graphemeWidth(segment);
    if (used + cells > width - 1) break;
    kept += segment;
    used += cells;
  }
  return `${kept}…`;
}

/** Pads the text with spaces on the right to `width` cells. */
export function padToWidth(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - displayWidth(text)));
}

/**
 * Breaks a paragraph into lines of at most `width` cells, at spaces; a run without spaces wider
 * than a line (CJK text, which has none, or a long URL) is broken between graphemes.
 */
export function wrapToWidth(paragraph: string, width: number): string[] {
  // A line's own indentation (code in a <pre>, a nested list) is kept, on every line it wraps to.
  const indent = /^ */.exec(paragraph)![0];
  if (indent.length > 0 && indent.length < width / 2) return wrapToWidth(paragraph.slice(indent.length), width - indent.length).map((line) => indent + line);
  // One too deep to repeat stays on the first line, as part of the first word.
  const words = paragraph.slice(indent.length).split(' ');
  words[0] = indent + words[0]!;
  const lines: string[] = [];
  let line = '';
  for (const word of words.flatMap((w) => splitToWidth(w, width))) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (line !== '' && displayWidth(candidate) > width) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  lines.push(line);
  return lines;
}

/** A word as pieces of at most `width` cells, cut between graphemes; the word itself when it fits. */
function splitToWidth(word: string, width: number): string[] {
  if (width < 2 || displayWidth(word) <= width) return [word];
  const pieces: string[] = [];
  let piece = '';
  let used = 0;
  for (const { segment } of segmenter.segment(word)) {
    const cells = graphemeWidth(segment);
    if (used + cells > width && piece !== '') {
      pieces.push(piece);
      piece = '';
      used = 0;
    }
    piece += segment;
    used += cells;
  }
  return [...pieces, piece];
}

// Terminal cells a string takes, so that table columns line up and cut values stay within the
// screen: CJK and emoji take two cells, combining marks and zero-width characters none.

const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });

const ZERO_WIDTH = /^(?:\p{Mark}|\p{Cf}|\p{Cc})+$/u;
const EMOJI = /\p{Extended_Pictographic}|\u20e3|\ufe0f/u;

/** East Asian Wide and Fullwidth ranges (Unicode TR11), the ones a terminal draws two cells wide. */
const WIDE: readonly (readonly [number, number])[] = [
  [0x1100, 0x115f], [0x2e80, 0x303e], [0x3041, 0x33ff], [0x3400, 0x4dbf], [0x4e00, 0x9fff],
  [0xa000, 0xa4cf], [0xa960, 0xa97f], [0xac00, 0xd7a3], [0xf900, 0xfaff], [0xfe10, 0xfe19],
  [0xfe30, 0xfe6f], [0xff00, 0xff60], [0xffe0, 0xffe6], [0x1f300, 0x1f64f], [0x1f900, 0x1f9ff],
  [0x20000, 0x3fffd],
];

function graphemeWidth(grapheme: string): number {
  if (ZERO_WIDTH.test(grapheme)) return 0;
  const code = grapheme.codePointAt(0)!;
  if (WIDE.some(([from, to]) => code >= from && code <= to)) return 2;
  return EMOJI.test(grapheme) && grapheme.length > 1 ? 2 : 1;
}

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

/** Breaks a paragraph into lines of at most `width` cells, at spaces; a longer word stands alone. */
export function wrapToWidth(paragraph: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of paragraph.split(' ')) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (line !== '' && displayWidth(candidate) > width) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  lines.push(line);
  return lines;
}

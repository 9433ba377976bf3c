// What comes from the network is shown on a terminal, never obeyed. Like go-gh's
// asciisanitizer and `cat -v`, every control character becomes visible caret notation, so an
// escape sequence (CSI, OSC, DCS, …) loses the ESC that starts it and prints as harmless text:
// `\x1b]0;title\x07` shows as `^[]0;title^G`, `\x1b[2J` as `^[[2J`. C1 controls are the 8-bit
// forms of ESC + a letter (U+009B is CSI) and show as such (`^[[`). Bidirectional overrides, which
// reorder what a line appears to say, show as their code point.

export interface TerminalSafeOptions {
  /** Keep line breaks (`\n`): multi-line output. Off for text that must stay one line. */
  newlines: boolean;
  /** Keep the colour sequences svc itself writes (`ESC [ n m`, select graphic rendition only). */
  colour?: boolean;
}

// C0 but tab and newline, DEL, C1, and the bidi embedding/override/isolate controls.
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
const CONTROL_KEEPING_NEWLINES = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
/** Colour only: no cursor movement, no erasing, no title, no link, no clipboard. */
const COLOUR = /\u001b\[\d{0,3}(?:;\d{1,3}){0,4}m/y;

/** The visible form of one control character. */
export function visibleControl(char: string): string {
  const code = char.charCodeAt(0);
  if (code < 0x20) return `^${String.fromCharCode(code + 0x40)}`;
  if (code === 0x7f) return '^?';
  if (code <= 0x9f) return `^[${String.fromCharCode(code - 0x40)}`;
  return `<U+${code.toString(16).toUpperCase()}>`;
}

/** Text as a terminal should show it: every control character visible, none obeyed. */
export function terminalSafe(text: string, options: TerminalSafeOptions): string {
  const control = options.newlines ? CONTROL_KEEPING_NEWLINES : CONTROL;
  control.lastIndex = 0;
  if (!control.test(text)) return text; // the common case costs one scan
  control.lastIndex = 0;
  return text.replace(control, (char, offset: number) => {
    if (char === '\u001b' && options.colour) {
      COLOUR.lastIndex = offset;
      if (COLOUR.test(text)) return char;
    }
    return visibleControl(char);
  });
}

/** One line of text: line breaks shown too (`^J`), so a server's message cannot start a line of its own. */
export const terminalSafeLine = (text: string): string => terminalSafe(text, { newlines: false });

/**
 * A line drawn over itself (`\r`, then erase to the end of the line) must never wrap: `\r` goes back
 * only to the start of the last row, so every redraw of a wrapped line would leave a row behind.
 * Cut to `columns - 1` cells (the last column kept free), ending in "…"; undefined columns (not a
 * terminal) cut nothing. Loaded on every start, so it counts cells without a width table, erring
 * wide: every character from U+1100 up is two cells (CJK, emoji), but general punctuation and
 * arrows, which svc draws itself (`·`, `…`, `→`).
 */
export function fitToColumns(line: string, columns: number | undefined): string {
  if (columns === undefined) return line;
  const most = columns - 1;
  let used = 0;
  let offset = 0;
  // Where the line is cut if it does not fit: after the last character that leaves a cell for "…".
  let cut = -1;
  for (const char of line) {
    const cells = cellsOf(char);
    if (cut < 0 && used + cells > most - 1) cut = offset;
    used += cells;
    if (used > most) return `${line.slice(0, cut)}…`;
    offset += char.length;
  }
  return line;
}

const cellsOf = (char: string): number => {
  const code = char.codePointAt(0)!;
  return code < 0x1100 || (code >= 0x2000 && code <= 0x21ff) ? 1 : 2;
};

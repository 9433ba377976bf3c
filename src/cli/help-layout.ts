import type { Help } from 'commander';
import { stripVTControlCharacters } from 'node:util';

/** Below this many columns beside the flag column, a description goes under its flag instead. */
export const MIN_DESCRIPTION_WIDTH = 30;
/** Indent of a description set under its flag (two more than the flag's own indent, as gh does). */
const STACKED_INDENT = 6;

/**
 * commander's formatItem, except that a flag column too wide to leave room for a wrapped
 * description puts the description on the lines under the flag, wrapped to the help width
 * (commander itself gives up and prints it on one line, 200 characters wide).
 */
export function formatHelpItem(this: Help, term: string, termWidth: number, description: string, helper: Help): string {
  const helpWidth = this.helpWidth ?? 80;
  if (!description || helpWidth - termWidth - 4 >= MIN_DESCRIPTION_WIDTH) {
    return Object.getPrototypeOf(this).formatItem.call(this, term, termWidth, description, helper) as string;
  }
  const stacked = description.split('\n').map((line) => wrapLine(' '.repeat(STACKED_INDENT) + line, helpWidth, STACKED_INDENT));
  return `  ${term}\n${stacked.join('\n')}`;
}

/**
 * Every line of help text made to fit `width` columns: a longer line breaks at its last space
 * that fits, the rest indented two more than the line (an item's continuation), or not at all for
 * a paragraph of prose, which is joined and wrapped whole when one of its lines does not fit (a
 * sentence is never cut into an item). A word longer than the room is cut. Help text added after
 * the generated part (examples, rules, exit codes) passes through here.
 */
export function wrapHelpText(text: string, width: number): string {
  return paragraphs(text.split('\n'), width)
    .map((line) => (/^ *svc /.test(line) ? wrapCommandLine(line, width) : wrapLine(line, width, isProse(line) ? 0 : undefined)))
    .join('\n');
}

/** An unindented line of a sentence: not blank, not a heading (`Examples:`), not a usage line or a command. */
const isProse = (line: string | undefined): boolean =>
  line !== undefined && /^\S/.test(line) && !/^(Usage: |svc )/.test(line) && !/^[A-Z][A-Za-z ]*:$/.test(line);

/** The lines, each run of prose lines of which one is wider than `width` joined into one line. */
function paragraphs(lines: string[], width: number): string[] {
  const out: string[] = [];
  for (let start = 0; start < lines.length;) {
    let end = start + 1;
    if (isProse(lines[start])) while (isProse(lines[end])) end++;
    const run = lines.slice(start, end);
    if (run.length > 1 && run.some((line) => visibleWidth(line) > width)) out.push(run.join(' '));
    else out.push(...run);
    start = end;
  }
  return out;
}

/**
 * An example command stays one command a reader can copy: it breaks only at a space outside quotes
 * and before any `#` comment, each broken line ending in a shell continuation ` \`, the rest
 * indented four more. A word longer than the line is never cut: its line runs over the width and
 * breaks at the first space after it, since a command cut inside a word no longer runs.
 */
function wrapCommandLine(line: string, width: number): string {
  const indent = ' '.repeat((/^ */.exec(line)?.[0].length ?? 0) + 4);
  const lines: string[] = [];
  let rest = line;
  while (visibleWidth(rest) > width) {
    const from = lines.length === 0 ? 0 : indent.length;
    const fits = commandBreak(rest, width - 2, from);
    const cut = fits >= 0 ? fits : commandBreak(rest, rest.length, from, true);
    if (cut < 0) break;
    lines.push(`${rest.slice(0, cut).trimEnd()} \\`);
    rest = indent + rest.slice(cut).trimStart();
  }
  lines.push(rest);
  return lines.join('\n');
}

/** The last space outside quotes, before a comment, at or under `room` columns (the first, with `first`); -1 if none. */
function commandBreak(line: string, room: number, indent: number, first = false): number {
  let quote: string | undefined;
  let cut = -1;
  for (let i = 0; i < line.length && i <= room; i++) {
    const char = line[i]!;
    if (quote) {
      if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '#' && line[i - 1] === ' ') break;
    else if (char === ' ' && i > indent && line[i - 1] !== ' ') {
      cut = i;
      if (first) break;
    }
  }
  return cut;
}

function wrapLine(line: string, width: number, hanging?: number): string {
  const indent = /^ */.exec(line)?.[0].length ?? 0;
  const nextIndent = ' '.repeat(Math.min(hanging ?? indent + 2, Math.floor(width / 2)));
  const lines: string[] = [];
  let rest = line;
  while (visibleWidth(rest) > width) {
    const cut = breakPoint(rest, width, lines.length === 0 ? indent : nextIndent.length);
    lines.push(rest.slice(0, cut).trimEnd());
    rest = nextIndent + rest.slice(cut).trimStart();
  }
  lines.push(rest);
  return lines.join('\n');
}

/** Where to end a line: after the last space that fits past the indent, else at the width itself. */
function breakPoint(line: string, width: number, indent: number): number {
  let cut = -1;
  let seen = 0;
  for (let i = 0; i < line.length && seen <= width; i++) {
    if (line[i] === '\u001b') {
      const escape = /^\u001b\[[0-9;]*m/.exec(line.slice(i));
      if (escape) {
        i += escape[0].length - 1;
        continue;
      }
    }
    if (line[i] === ' ' && i > indent) cut = i;
    seen++;
    if (seen === width && cut < 0) return i + 1;
  }
  return cut > 0 ? cut + 1 : width;
}

function visibleWidth(text: string): number {
  return stripVTControlCharacters(text).length;
}

/**
 * The `Examples:` block a command's help ends with. `svc help reference`, the man pages' EXAMPLES
 * and the web manual read the same block (src/cli/reference/help-sections.ts), so a command's
 * examples are written once.
 */
export const examplesHelp = (examples: readonly string[]): string => `\nExamples:\n${examples.map((line) => `  ${line}`).join('\n')}\n`;

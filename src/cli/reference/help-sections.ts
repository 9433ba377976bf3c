import type { HelpItem } from './model.js';

/**
 * One block of the text a command's `--help` ends with: `Examples:` and its lines, `Exit codes:`
 * and its table, or a paragraph with no heading ("The path is relative to the base URL…").
 */
export interface HelpSection {
  /** `Examples`, `Exit codes`; empty for a paragraph without one. */
  heading: string;
  lines: string[];
}

/** A heading starts a block: a capital, words, a colon, then the end of the line or the first line of text. */
const HEADING = /^([A-Z][A-Za-z ]*):(?: (.*))?$/;

/** The closing help text in blocks, split at blank lines, each with its heading if it has one. */
export function helpSections(after: string): HelpSection[] {
  return after
    .split(/\n[ \t]*\n/)
    .map((block) => block.replace(/^\n+|\s+$/g, ''))
    .filter(Boolean)
    .map((block) => {
      const [first, ...rest] = block.split('\n');
      const heading = HEADING.exec(first!);
      if (!heading) return { heading: '', lines: [first!, ...rest] };
      return { heading: heading[1]!, lines: heading[2] ? [heading[2], ...rest] : rest };
    });
}

/**
 * A two-column block (`  0  success`, `  SERVICE_API_KEY   workspace API key…`) as items: the term
 * ends at the first run of two spaces (or, failing that, at the first space); a line indented
 * deeper than the items continues the description above it. Lines before the first item are kept
 * as the block's lead (`send the header x-mock-fault with one of`).
 */
export function helpItems(lines: readonly string[]): { lead: string[]; items: HelpItem[] } {
  const indent = Math.min(...lines.filter((line) => /^ +\S/.test(line)).map((line) => /^ */.exec(line)![0].length));
  const lead: string[] = [];
  const items: HelpItem[] = [];
  for (const line of lines) {
    const depth = /^ */.exec(line)![0].length;
    const text = line.trim();
    if (depth === indent) {
      const match = /^(.+?) {2,}(\S.*)$/.exec(text) ?? /^(\S+) (\S.*)$/.exec(text);
      items.push(match ? { term: match[1]!, description: match[2]! } : { term: text, description: '' });
    } else if (depth > indent && items.length > 0) {
      const last = items.at(-1)!;
      last.description = `${last.description} ${text}`.trim();
    } else lead.push(text);
  }
  return { lead, items };
}

/** An `Examples:` block's commands, one per entry, without their indentation. */
export const exampleLines = (section: HelpSection): string[] => section.lines.map((line) => line.trim()).filter(Boolean);

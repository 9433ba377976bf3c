import { wrapHelpText } from '../help-layout.js';
import { type HelpSection, exampleLines, helpItems, helpSections } from './help-sections.js';
import { type CommandDoc, type HelpItem, type ReferenceModel, errorItems, neighboursOf, safety } from './model.js';
import { meaningOf, schemaRows } from './schema-rows.js';
import type { JsonSchema } from '../../openapi/json-schema.js';
import type { Guide } from './guides.js';

/** A man page's file name: `svc-email-drafts-get.1`, as gh names its pages. */
export const manPageName = (doc: Pick<CommandDoc, 'words'>): string => `${['svc', ...doc.words].join('-')}.1`;

/**
 * Columns a page may use: man's 80 less the section body's indent (7) and a verbatim block's (4).
 * groff fills and breaks prose itself; text kept as laid out (examples, tables) is wrapped here.
 */
export const VERBATIM_WIDTH = 80 - 7 - 4;

/** A word longer than this (a URL, an API path) cannot fit a man page's line whole: it may break. */
const LONG_WORD = 60;

/**
 * Text safe as roff input: backslashes escaped, hyphens as minus signs, no line read as a request.
 * A word too long for a line gets break points (`\:`, which print nothing) after its runs of
 * slashes, hyphens, dots and backslashes, as man-pages(7) advises for URLs (a long field path
 * breaks after a dot): groff would otherwise run it past the right margin and warn that it cannot
 * break the line. A shorter word is never broken. A NAME line (`NAME_LINE`) breaks only a word
 * longer than its line, since `man -k` and `whatis` read it as written and show a break point as `:`.
 */
export function escapeRoff(text: string, { longWord = LONG_WORD }: { longWord?: number } = {}): string {
  return text
    .split(/(\s+)/)
    .map((part) => {
      const escaped = part.replace(/\\/g, '\\e').replace(/-/g, '\\-');
      if (part.length <= longWord) return escaped;
      // After a whole run of separators, never inside one (`//`, `--`) or at the word's ends.
      return escaped.replace(/(?:\/|\\-|\\e|\.)+/g, (run, at: number) => (at > 0 && at + run.length < escaped.length ? `${run}\\:` : run));
    })
    .join('')
    .replace(/^([.'])/gm, '\\&$1');
}

const escape = escapeRoff;
/**
 * A NAME line's words get break points only when longer than its line (at 80 columns man's line is
 * 78, less the section's indent of 7): `man -k` and `whatis` read the line as written, and groff
 * warns on every view of a page whose name runs past the margin.
 */
export const NAME_LINE = { longWord: 78 - 7 } as const;
const bold = (text: string) => `\\fB${escape(text)}\\fR`;

export const definitionList = (list: readonly HelpItem[]): string[] => list.flatMap((item) => ['.TP', bold(item.term), escape(item.description || ' ')]);

/** Text kept as laid out, wrapped to fit 80 columns: command lines break with a shell continuation. */
export const verbatim = (text: string): string[] => (text ? ['.PP', '.RS 4', '.nf', escape(wrapHelpText(text, VERBATIM_WIDTH)), '.fi', '.RE'] : []);

/** The facts every page shares, from svc's own help: exit codes, environment. */
interface Shared {
  exitCodes: HelpItem[];
  environment: HelpItem[];
  /** The guides svc(1) points to: svc-batch(7), … */
  guides?: readonly Pick<Guide, 'name'>[];
}

/** One man page per command, plus svc(1) for the root: file name -> roff source. */
export function renderManPages(model: ReferenceModel, version: string, guides: readonly Pick<Guide, 'name'>[] = []): Map<string, string> {
  const root = helpSections(model.commands[0]!.after);
  const itemsOf = (heading: string) => helpItems(root.find((s) => s.heading === heading)?.lines ?? []).items;
  const shared = { exitCodes: itemsOf('Exit codes'), environment: itemsOf('Environment') };
  const pages = new Map<string, string>();
  for (const doc of model.commands) pages.set(manPageName(doc), manPage(doc, model, version, { ...shared, guides: doc.words.length === 0 ? guides : [] }));
  return pages;
}

/**
 * The longest title man's header line holds twice (`TITLE(1)  svc manual  TITLE(1)`) in 80 columns;
 * groff before 1.23 prints a longer one over the centre and the other title.
 */
const TITLE_WIDTH = 30;

/**
 * A page's title for its header: the name in capitals, a long one cut short with three dots (NAME
 * has it whole). Dots, not an ellipsis character, which a terminal without UTF-8 cannot show.
 */
export const manTitle = (name: string): string => (name.length > TITLE_WIDTH ? `${name.slice(0, TITLE_WIDTH - 3)}...` : name).toUpperCase();

export const manHeader = (name: string, section: number, version: string): string[] => [
  `.TH "${manTitle(name)}" "${section}" "" "svc ${version}" "svc manual"`,
  // After .TH, which resets them: no hyphenation, ragged right, as help prints.
  '.nh',
  '.ad l',
];

function manPage(doc: CommandDoc, model: ReferenceModel, version: string, shared: Shared): string {
  const name = ['svc', ...doc.words].join('-');
  const sections = helpSections(doc.after);
  const lines = [
    ...manHeader(name, 1, version),
    '.SH NAME',
    `${escape(name, NAME_LINE)} \\- ${escape(doc.summary, NAME_LINE)}`,
    '.SH SYNOPSIS',
    bold(doc.usage),
  ];
  lines.push('.SH DESCRIPTION', ...description(doc, model, sections));
  lines.push('.SH OPTIONS', ...options(doc, model));
  lines.push('.SH "EXIT STATUS"', ...definitionList(shared.exitCodes));
  lines.push('.SH ENVIRONMENT', ...definitionList(shared.environment));
  lines.push('.SH FILES', ...FILES);
  const examples = [...(doc.operation?.examples ?? []), ...sections.filter((s) => s.heading === 'Examples').flatMap(exampleLines)];
  if (examples.length > 0) lines.push('.SH EXAMPLES', ...verbatim([...new Set(examples)].join('\n')));
  const guidePages = (shared.guides ?? []).map((guide) => bold(`svc-${guide.name}(7)`));
  lines.push('.SH "SEE ALSO"', [seeAlso(doc, model), ...guidePages].filter(Boolean).join(', '));
  return `${lines.join('\n')}\n`;
}

const FILES = [
  '.TP',
  bold('$SVC_CONFIG_DIR/config.json'),
  escape(
    'The settings file: profiles, their settings and a stored session token, readable by its owner only. Without SVC_CONFIG_DIR: ~/.config/svc/config.json (or under $XDG_CONFIG_HOME), ~/Library/Preferences/svc/config.json on macOS, %APPDATA%\\svc\\Config\\config.json on Windows.',
  ),
  '.TP',
  bold('~/.cache/svc/code'),
  escape('Compiled code kept between runs to start faster (or under $XDG_CACHE_HOME; ~/Library/Caches/svc/code on macOS). Safe to delete.'),
];

/** What the command does: its summary, request, rules, fields, errors, the commands below and the rest of its help. */
function description(doc: CommandDoc, model: ReferenceModel, sections: HelpSection[]): string[] {
  const op = doc.operation;
  const lines = [escape(doc.summary.endsWith('.') ? doc.summary : `${doc.summary}.`)];
  if (op) {
    lines.push(
      '.PP',
      `Request: ${bold(`${op.method} ${op.path}`)}${op.destructive ? ' (destructive: asks for confirmation on a terminal; without one, refused unless \\fB\\-\\-yes\\fR)' : ''}.`,
      '.PP',
      escape(safety(op.idempotent)),
    );
    if (op.rules.length > 0) lines.push('.SS Rules', ...op.rules.flatMap((rule) => ['.IP \\(bu 2', escape(rule.text)]));
    if (op.query) lines.push(...fields('Query parameters', op.query));
    if (op.headers) lines.push(...fields('Header parameters', op.headers));
    if (op.body) lines.push(...fields(op.optionalBody ? 'Request body (optional)' : 'Request body', op.body));
    lines.push(...fields('Response', op.response), '.SS Errors', ...definitionList(errorItems(op.errors)));
  }
  if (doc.subcommands.length > 0) lines.push('.SS Commands', ...definitionList(doc.subcommands));
  for (const section of sections) lines.push(...described(section, doc));
  return lines;
}

/** Sections with a place of their own (examples, exit codes, environment) or already shown from the registry are left out here. */
const ELSEWHERE = new Set(['Examples', 'Exit codes', 'Environment']);
const TWO_COLUMNS = new Set(['Settings', 'Faults']);

function described(section: HelpSection, doc: CommandDoc): string[] {
  if (ELSEWHERE.has(section.heading)) return [];
  if (doc.operation && (section.heading === 'Rules' || section.lines.join(' ') === `${doc.operation.method} ${doc.operation.path}`)) return [];
  const heading = section.heading ? [`.SS ${section.heading}`] : ['.PP'];
  if (TWO_COLUMNS.has(section.heading)) {
    const { lead, items } = helpItems(section.lines);
    return [...heading, ...(lead.length > 0 ? [escape(lead.join(' '))] : []), ...definitionList(items)];
  }
  // Prose lines (not indented) are filled; indented lines (commands, tables) are kept as laid out.
  const prose = section.lines.filter((line) => !line.startsWith(' '));
  const laidOut = section.lines.filter((line) => line.startsWith(' ')).map((line) => line.replace(/^ {2}/, ''));
  return [...heading, ...(prose.length > 0 ? [escape(prose.join(' '))] : []), ...verbatim(laidOut.join('\n'))];
}

function fields(heading: string, schema: JsonSchema): string[] {
  const rows = schemaRows(schema);
  const whole = typeof schema.description === 'string' ? [escape(`${schema.description[0]!.toUpperCase()}${schema.description.slice(1)}.`)] : [];
  if (rows.length === 0) return [`.SS ${heading}`, ...(whole.length > 0 ? whole : [escape('Any JSON value.')])];
  return [
    `.SS ${heading}`,
    ...whole,
    ...rows.flatMap((row) => ['.TP', `${bold(row.name)} (${escape(row.type)}, ${row.required ? 'required' : 'optional'})`, escape(meaningOf(row))]),
  ];
}

/** Arguments, then the command's own flags by group, then where the global options are. */
function options(doc: CommandDoc, model: ReferenceModel): string[] {
  const lines = definitionList(doc.arguments);
  // svc's own options are the global options, listed once below.
  for (const group of doc.words.length === 0 ? [] : doc.optionGroups) {
    const heading = group.heading.replace(/:$/, '');
    lines.push(...(heading === 'Options' ? [] : [`.SS "${heading}"`]), ...definitionList(group.items));
  }
  if (doc.words.length === 0)
    lines.push(escape('These global options work before or after the command words, for every command.'), ...definitionList(model.globalOptions));
  else lines.push('.PP', `Every command also accepts the global options of ${bold('svc(1)')}.`);
  return lines;
}

/** The parent command and the commands directly below, as `svc-email(1), svc-email-drafts-get(1)`. */
function seeAlso(doc: CommandDoc, model: ReferenceModel): string {
  return neighboursOf(model, doc)
    .map((other) => bold(`${['svc', ...other.words].join('-')}(1)`))
    .join(', ');
}

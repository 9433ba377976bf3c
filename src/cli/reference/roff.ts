import { type CommandDoc, type HelpItem, type ReferenceModel, errorItems, neighboursOf, safety } from './model.js';

/** A man page's file name: `svc-email-drafts-get.1`, as gh names its pages. */
export const manPageName = (doc: Pick<CommandDoc, 'words'>): string => `${['svc', ...doc.words].join('-')}.1`;

/** Text safe as roff input: backslashes escaped, hyphens as minus signs, no line read as a request. */
function escape(text: string): string {
  return text
    .replace(/\\/g, '\\e')
    .replace(/-/g, '\\-')
    .replace(/^([.'])/gm, '\\&$1');
}

const bold = (text: string) => `\\fB${escape(text)}\\fR`;

function items(heading: string, list: HelpItem[]): string[] {
  if (list.length === 0) return [];
  return [`.SH ${heading.toUpperCase()}`, ...list.flatMap((item) => ['.TP', bold(item.term), escape(item.description)])];
}

/** Preformatted text kept as `--help` lays it out (examples, settings, exit codes). */
const verbatim = (text: string): string[] => (text ? ['.PP', '.nf', '.RS 4', escape(text), '.RE', '.fi'] : []);

/** One man page per command, plus svc(1) for the root: file name -> roff source. */
export function renderManPages(model: ReferenceModel, version: string): Map<string, string> {
  const pages = new Map<string, string>();
  for (const doc of model.commands) pages.set(manPageName(doc), manPage(doc, model, version));
  return pages;
}

function manPage(doc: CommandDoc, model: ReferenceModel, version: string): string {
  const title = ['svc', ...doc.words].join('-').toUpperCase();
  const op = doc.operation;
  const lines = [
    `.TH "${title}" "1" "" "svc ${version}" "svc manual"`,
    // After .TH, which resets them: no hyphenation, ragged right, as help prints.
    '.nh',
    '.ad l',
    '.SH NAME',
    `${escape(['svc', ...doc.words].join('-'))} \\- ${escape(doc.summary)}`,
    '.SH SYNOPSIS',
    bold(doc.usage),
    '.SH DESCRIPTION',
    escape(doc.summary.endsWith('.') ? doc.summary : `${doc.summary}.`),
  ];
  if (op) lines.push('.PP', `Request: ${bold(`${op.method} ${op.path}`)}${op.destructive ? ' (destructive: asks for confirmation on a terminal unless \\fB\\-\\-yes\\fR)' : ''}`, '.PP', escape(safety(op.idempotent)));
  lines.push(...items('Arguments', doc.arguments));
  if (op && op.rules.length > 0) lines.push('.SH RULES', ...op.rules.flatMap((rule) => ['.IP \\(bu 2', escape(rule.text)]));
  if (op) lines.push(...items('Errors', errorItems(op.errors)));
  for (const group of doc.optionGroups) lines.push(...items(group.heading.replace(/:$/, ''), group.items));
  if (doc.words.length === 0) lines.push(...items('Global options', model.globalOptions));
  else lines.push('.PP', `Every command also accepts the global options of ${bold('svc(1)')}.`);
  lines.push(...items('Commands', doc.subcommands));
  if (doc.after) lines.push('.SH "DETAILS AND EXAMPLES"', ...verbatim(doc.after));
  lines.push('.SH SEE ALSO', seeAlso(doc, model));
  return `${lines.join('\n')}\n`;
}

/** The parent command and the commands directly below, as `svc-email(1), svc-email-drafts-get(1)`. */
function seeAlso(doc: CommandDoc, model: ReferenceModel): string {
  return neighboursOf(model, doc).map((other) => bold(`${['svc', ...other.words].join('-')}(1)`)).join(', ');
}

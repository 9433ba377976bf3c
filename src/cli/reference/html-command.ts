import type { JsonSchema } from '../../openapi/json-schema.js';
import { codeBlock, commandPageName, escapeHtml as h, inlineCode, page } from './html-page.js';
import { type CommandDoc, type HelpItem, type ReferenceModel, childrenOf, errorItems, safety } from './model.js';
import { type HelpSection, exampleLines, helpItems, helpSections } from './help-sections.js';
import { meaningOf, schemaRows, schemaSummary } from './schema-rows.js';

/** One command's page: usage, summary, request, arguments and flags, schemas, then its help's closing text. */
export function commandPage(doc: CommandDoc, model: ReferenceModel): string {
  const op = doc.operation;
  const sections = [`<h1>${h(doc.name)}</h1>`, `<p>${h(doc.summary)}</p>`, codeBlock(doc.usage, 'usage'), breadcrumbs(doc)];
  if (op)
    sections.push(
      `<p>Request: ${inlineCode(`${op.method} ${op.path}`)}${op.destructive ? ` (destructive: asks for confirmation on a terminal; without one, refused unless ${inlineCode('--yes')})` : ''}</p>\n<p>${h(safety(op.idempotent))}</p>`,
    );
  sections.push(definitions('Arguments', doc.arguments));
  for (const group of doc.optionGroups) sections.push(definitions(group.heading.replace(/:$/, ''), group.items));
  if (op && op.rules.length > 0) sections.push(`<h2>Rules</h2>\n<ul>\n${op.rules.map((rule) => `<li>${h(rule.text)}</li>`).join('\n')}\n</ul>`);
  if (doc.subcommands.length > 0) sections.push(subcommandList(doc, model));
  if (op?.query) sections.push(schemaTable('Query parameters', op.query));
  if (op?.headers) sections.push(schemaTable('Header parameters', op.headers));
  if (op?.body) sections.push(schemaTable(op.optionalBody ? 'Request body (optional)' : 'Request body', op.body));
  if (op) sections.push(schemaTable('Response', op.response), errorTable(op.errors));
  sections.push(...closingSections(doc));
  sections.push(
    doc.words.length > 0
      ? '<p class="muted">Every command also takes svc\'s <a href="svc.html">global options</a>.</p>'
      : definitions('Global options', model.globalOptions),
  );
  return page(`${doc.name}: svc manual`, sections.filter(Boolean).join('\n'));
}

function breadcrumbs(doc: CommandDoc): string {
  if (doc.words.length === 0) return '';
  const links = doc.words.slice(0, -1).map((_, i) => {
    const words = doc.words.slice(0, i + 1);
    return `<a href="${commandPageName(words)}">${h(['svc', ...words].join(' '))}</a>`;
  });
  return `<p class="muted">Part of <a href="svc.html">svc</a>${links.map((link) => ` › ${link}`).join('')}</p>`;
}

function definitions(heading: string, items: HelpItem[]): string {
  if (items.length === 0) return '';
  const rows = items.map((item) => `<dt>${inlineCode(item.term)}</dt>\n<dd>${h(item.description)}</dd>`);
  return `<h2>${h(heading)}</h2>\n<dl>\n${rows.join('\n')}\n</dl>`;
}

function subcommandList(doc: CommandDoc, model: ReferenceModel): string {
  const rows = childrenOf(model, doc).map((child) => `<li><a href="${commandPageName(child.words)}">${inlineCode(child.name)}</a>: ${h(child.summary)}</li>`);
  return `<h2>Commands</h2>\n<ul>\n${rows.join('\n')}\n</ul>`;
}

function schemaTable(heading: string, schema: JsonSchema): string {
  const rows = schemaRows(schema);
  const open = schema.additionalProperties !== false ? '<p class="muted">Other fields may appear and are kept.</p>' : '';
  const whole = typeof schema.description === 'string' ? `<p>${h(schemaSummary(schema))}</p>\n` : '';
  if (rows.length === 0) return `<h2>${h(heading)}</h2>\n${whole || '<p>Any JSON value.</p>'}`;
  const body = rows.map(
    (r) =>
      `<tr><td data-label="Field">${inlineCode(r.name)}</td><td data-label="Type">${h(r.type)}</td><td data-label="">${r.required ? 'required' : 'optional'}</td><td data-label="Meaning">${h(meaningOf(r))}</td></tr>`,
  );
  return `<h2>${h(heading)}</h2>\n${whole}<table class="rows">\n<thead><tr><th>Field</th><th>Type</th><th></th><th>Meaning</th></tr></thead>\n<tbody>\n${body.join('\n')}\n</tbody>\n</table>\n${open}`;
}

function errorTable(errors: Record<string, string>): string {
  const rows = errorItems(errors).map((item) => `<tr><td data-label="Status">${h(item.term)}</td><td data-label="Meaning">${h(item.description)}</td></tr>`);
  return `<h2>Errors</h2>\n<table class="rows">\n<thead><tr><th>Status</th><th>Meaning</th></tr></thead>\n<tbody>\n${rows.join('\n')}\n</tbody>\n</table>`;
}

/** Sections whose place is elsewhere: the root's environment and exit codes are on svc.html's own list. */
const TWO_COLUMNS = new Set(['Settings', 'Faults', 'Environment', 'Exit codes']);

/**
 * The text `--help` ends with, in sections: examples first under Examples (the registry's and the
 * help's), then each other block under its heading. What the page already shows from the registry
 * (rules, the request line) is not repeated.
 */
function closingSections(doc: CommandDoc): string[] {
  const sections = helpSections(doc.after);
  const examples = [...new Set([...(doc.operation?.examples ?? []), ...sections.filter((s) => s.heading === 'Examples').flatMap(exampleLines)])];
  const out = sections.filter((section) => section.heading !== 'Examples' && !alreadyShown(section, doc)).map(closingSection);
  if (examples.length > 0) out.unshift(`<h2>Examples</h2>\n${examples.map((line) => codeBlock(line)).join('\n')}`);
  return out;
}

const alreadyShown = (section: HelpSection, doc: CommandDoc): boolean =>
  doc.operation !== undefined && (section.heading === 'Rules' || section.lines.join(' ') === `${doc.operation.method} ${doc.operation.path}`);

function closingSection(section: HelpSection): string {
  const heading = section.heading ? `<h2>${h(section.heading)}</h2>\n` : '';
  if (TWO_COLUMNS.has(section.heading)) {
    const { lead, items } = helpItems(section.lines);
    return `${heading}${lead.length > 0 ? `<p>${h(lead.join(' '))}</p>\n` : ''}${definitions('', items).replace(/^<h2><\/h2>\n/, '')}`;
  }
  const prose = section.lines.filter((line) => !line.startsWith(' '));
  const laidOut = section.lines.filter((line) => line.startsWith(' ')).map((line) => line.replace(/^ {2}/, ''));
  return `${heading}${prose.length > 0 ? `<p>${h(prose.join(' '))}</p>` : ''}${laidOut.length > 0 ? `\n${codeBlock(laidOut.join('\n'))}` : ''}`;
}

import type { JsonSchema } from '../../openapi/json-schema.js';
import { commandPageName, escapeHtml as h, page } from './html-page.js';
import { type CommandDoc, type HelpItem, type ReferenceModel, childrenOf, errorItems, safety } from './model.js';
import { schemaRows } from './schema-rows.js';

/** One command's page: usage, summary, request, arguments and flags, schemas, then its help's closing text. */
export function commandPage(doc: CommandDoc, model: ReferenceModel): string {
  const op = doc.operation;
  const sections = [
    `<h1>${h(doc.name)}</h1>`,
    `<p>${h(doc.summary)}</p>`,
    `<pre class="usage"><code>${h(doc.usage)}</code></pre>`,
    breadcrumbs(doc),
  ];
  if (op) sections.push(`<p>Request: <code>${h(`${op.method} ${op.path}`)}</code>${op.destructive ? ' (destructive: asks for confirmation on a terminal unless <code>--yes</code>)' : ''}</p>\n<p>${h(safety(op.idempotent))}</p>`);
  sections.push(definitions('Arguments', doc.arguments));
  for (const group of doc.optionGroups) sections.push(definitions(group.heading.replace(/:$/, ''), group.items));
  if (op && op.rules.length > 0) sections.push(`<h2>Rules</h2>\n<ul>\n${op.rules.map((rule) => `<li>${h(rule.text)}</li>`).join('\n')}\n</ul>`);
  if (doc.subcommands.length > 0) sections.push(subcommandList(doc, model));
  if (op?.query) sections.push(schemaTable('Query parameters', op.query));
  if (op?.body) sections.push(schemaTable('Request body', op.body));
  if (op) sections.push(schemaTable('Response', op.response), errorTable(op.errors));
  if (doc.after) sections.push(`<h2>More</h2>\n<pre>${h(doc.after)}</pre>`);
  sections.push(doc.words.length > 0 ? '<p class="muted">Every command also takes svc\'s <a href="svc.html">global options</a>.</p>' : definitions('Global options', model.globalOptions));
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
  const rows = items.map((item) => `<dt><code>${h(item.term)}</code></dt>\n<dd>${h(item.description)}</dd>`);
  return `<h2>${h(heading)}</h2>\n<dl>\n${rows.join('\n')}\n</dl>`;
}

function subcommandList(doc: CommandDoc, model: ReferenceModel): string {
  const rows = childrenOf(model, doc).map((child) => `<li><a href="${commandPageName(child.words)}"><code>${h(child.name)}</code></a>: ${h(child.summary)}</li>`);
  return `<h2>Commands</h2>\n<ul>\n${rows.join('\n')}\n</ul>`;
}

function schemaTable(heading: string, schema: JsonSchema): string {
  const rows = schemaRows(schema);
  const open = schema.additionalProperties !== false ? '<p class="muted">Other fields may appear and are kept.</p>' : '';
  if (rows.length === 0) return `<h2>${h(heading)}</h2>\n<p>Any JSON value.</p>`;
  const body = rows.map((r) => `<tr><td><code>${h(r.name)}</code></td><td>${h(r.type)}</td><td>${r.required ? 'required' : 'optional'}</td><td>${h(r.description)}</td></tr>`);
  return `<h2>${h(heading)}</h2>\n<table>\n<thead><tr><th>Field</th><th>Type</th><th></th><th>Meaning</th></tr></thead>\n<tbody>\n${body.join('\n')}\n</tbody>\n</table>\n${open}`;
}

function errorTable(errors: Record<string, string>): string {
  const rows = errorItems(errors).map((item) => `<tr><td>${h(item.term)}</td><td>${h(item.description)}</td></tr>`);
  return `<h2>Errors</h2>\n<table>\n<thead><tr><th>Status</th><th>Meaning</th></tr></thead>\n<tbody>\n${rows.join('\n')}\n</tbody>\n</table>`;
}

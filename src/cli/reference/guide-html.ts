import { Marked } from 'marked';
import { type Guide, plainInline } from './guides.js';
import type { GuidePage } from './html-index.js';
import { codeBlock, escapeHtml, inlineCode } from './html-page.js';

/** A guide's web page name: `batch.html`. */
export const guidePageName = (name: string): string => `${name}.html`;

/**
 * Guides rendered to HTML. A link to another guide (`networks.md#proxies`) goes to its page; a web
 * link stays; any other relative link (a file of the repository) becomes its text, so every link of
 * the manual resolves. Raw HTML in a guide is shown as text. Code wraps at its blanks only, and a
 * table's cells carry their column's name, for the stacked rows of a narrow screen (html-page.ts).
 */
const marked = new Marked({
  renderer: {
    link({ href, tokens }) {
      const text = this.parser.parseInline(tokens);
      const guide = /^(?:\.\/)?([a-z0-9-]+)\.md(#[\w-]*)?$/.exec(href);
      if (guide) return `<a href="${guidePageName(guide[1]!)}${guide[2] ?? ''}">${text}</a>`;
      return /^https?:\/\//.test(href) ? `<a href="${href.replace(/"/g, '&quot;')}">${text}</a>` : text;
    },
    html({ text }) {
      return text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
    },
    code({ text }) {
      return `${codeBlock(text)}\n`;
    },
    codespan({ text }) {
      return inlineCode(text);
    },
    table({ header, rows }) {
      const labels = header.map((cell) => escapeHtml(plainInline(cell.text)));
      const head = `<tr>${header.map((cell) => `<th>${this.parser.parseInline(cell.tokens)}</th>`).join('')}</tr>`;
      const body = rows.map(
        (row) => `<tr>${row.map((cell, i) => `<td data-label="${labels[i] ?? ''}">${this.parser.parseInline(cell.tokens)}</td>`).join('')}</tr>`,
      );
      return `<table class="rows">\n<thead>\n${head}\n</thead>\n<tbody>\n${body.join('\n')}\n</tbody>\n</table>\n`;
    },
    heading({ tokens, depth, text }) {
      const id = text
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '');
      return `<h${depth} id="${id}">${this.parser.parseInline(tokens)}</h${depth}>\n`;
    },
  },
});

export function guidePages(guides: readonly Guide[]): GuidePage[] {
  return guides.map((guide) => ({ guide, file: guidePageName(guide.name), html: marked.parse(guide.body, { async: false }) }));
}

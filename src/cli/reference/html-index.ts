import { groupGuides } from './guide-groups.js';
import type { Guide } from './guides.js';
import { commandPageName, escapeHtml as h, inlineCode, page } from './html-page.js';
import { type CommandDoc, type ReferenceModel, childrenOf } from './model.js';

/** A guide as the web manual shows it: its page's file and its body as HTML. */
export interface GuidePage {
  guide: Guide;
  file: string;
  html: string;
}

/** Filters the guides and commands as one types (a group with none left hides its heading); without JavaScript every list is simply shown. */
const FILTER_SCRIPT = `document.getElementById('filter').hidden = false;
document.getElementById('filter').addEventListener('input', (event) => {
  const words = event.target.value.toLowerCase().split(/\\s+/).filter(Boolean);
  for (const item of document.querySelectorAll('.filtered li')) item.hidden = !words.every((w) => item.textContent.toLowerCase().includes(w));
  for (const list of document.querySelectorAll('.guides')) list.previousElementSibling.hidden = [...list.children].every((item) => item.hidden);
});`;

/** A command's line of the index: name, then its request on a line of its own, then what it does. */
function commandRow(doc: CommandDoc, model: ReferenceModel): string {
  const request = doc.operation ? `<br><code class="request">${h(`${doc.operation.method} ${doc.operation.path}`)}</code>` : '';
  // A group with one command below says nothing of its own: the summary is that command's, shown on its row.
  const summary = doc.operation || childrenOf(model, doc).length !== 1 ? ` <span class="summary">${h(doc.summary)}</span>` : '';
  return `<li class="depth-${Math.min(doc.words.length, 4)}"><a href="${commandPageName(doc.words)}">${inlineCode(doc.name)}</a>${summary}${request}</li>`;
}

/**
 * The front page: what svc is, a table of contents and a filter at the top, then every guide and
 * every command (areas first), each with a link to its page.
 */
export function indexPage(model: ReferenceModel, guides: readonly GuidePage[]): string {
  const root = model.commands[0]!;
  const body = [
    '<h1>svc manual</h1>',
    `<p>${h(root.summary)}. Guides explain a topic from start to end; command pages list every argument, flag, field and error. The same guides are <code>svc help &lt;topic&gt;</code> and <code>man svc-&lt;topic&gt;</code>; the command pages are <code>svc &lt;command&gt; --help</code> and <code>man svc-&lt;command&gt;</code>.</p>`,
    '<nav aria-label="Contents"><p><strong>Contents:</strong> <a href="#guides">Guides</a> · <a href="#commands">Commands</a> · <a href="svc.html">Global options, environment and exit codes</a></p></nav>',
    '<input type="search" id="filter" placeholder="Filter guides and commands" aria-label="Filter guides and commands" hidden>',
    `<h2 id="guides">Guides</h2>\n${guideGroups(guides)
      .map(
        (group) =>
          `<h3 id="${group.id}">${h(group.title)}</h3>\n<ul class="filtered guides">\n${group.guides
            .map(({ guide, file }) => `<li><a href="${file}">${h(guide.title)}</a>\n<span class="summary">${h(guide.summary)}</span></li>`)
            .join('\n')}\n</ul>`,
      )
      .join('\n')}`,
    `<h2 id="commands">Commands</h2>\n<ul class="filtered commands">\n${model.commands
      .filter((doc) => doc.words.length >= 1)
      .map((doc) => commandRow(doc, model))
      .join('\n')}\n</ul>`,
  ];
  return page('svc manual', body.join('\n'), { script: FILTER_SCRIPT });
}

/** The guide pages by what the reader is doing (src/cli/reference/guide-groups.ts), each group with an id for links. */
export function guideGroups(guides: readonly GuidePage[]): { id: string; title: string; guides: GuidePage[] }[] {
  return groupGuides(guides, (page) => page.guide.name).map((group) => ({
    ...group,
    id: `guides-${group.title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
  }));
}

/** The guide pages in reading order: group by group. */
export const guidesInOrder = (guides: readonly GuidePage[]): GuidePage[] => guideGroups(guides).flatMap((group) => group.guides);

/** The sidebar of a wide screen: every guide, by group, the current one marked. */
function guideSidebar(current: GuidePage, guides: readonly GuidePage[]): string {
  const groups = guideGroups(guides).map(
    (group) =>
      `<p class="group">${h(group.title)}</p>\n<ul>\n${group.guides
        .map(({ guide, file }) => `<li><a href="${file}"${file === current.file ? ' aria-current="page"' : ''}>${h(guide.title)}</a></li>`)
        .join('\n')}\n</ul>`,
  );
  return `<nav class="sidebar" aria-label="Guides">\n<p><a href="index.html#guides">All guides</a> · <a href="index.html#commands">Commands</a></p>\n${groups.join('\n')}\n</nav>`;
}

/** A guide of at least this many sections opens with a list of links to them. */
const CONTENTS_FROM = 4;

/** The guide's sections (its `h2` headings, which guide-html.ts gives ids) as a list of links, or nothing when it has few. */
function contents(html: string): string {
  const sections = [...html.matchAll(/<h2 id="([^"]+)">(.*?)<\/h2>/g)];
  if (sections.length < CONTENTS_FROM) return '';
  const items = sections.map(([, id, text]) => `<li><a href="#${id}">${text!.replace(/<\/?(?!code\b|\/code\b)[a-z][^>]*>/g, '')}</a></li>`);
  return `<nav class="toc" aria-label="On this page">\n<p class="toc-title">On this page</p>\n<ul>\n${items.join('\n')}\n</ul>\n</nav>\n`;
}

/** A guide's page: its title and summary, its sections, its text, and the guides before and after it in reading order. */
export function guidePage(current: GuidePage, all: readonly GuidePage[]): string {
  const guides = guidesInOrder(all);
  const at = guides.indexOf(current);
  const link = (other: GuidePage | undefined, rel: string, label: string) =>
    other ? `<a rel="${rel}" href="${other.file}">${label}: ${h(other.guide.title)}</a>` : '';
  const nav = `<nav class="pager" aria-label="Guides">${[link(guides[at - 1], 'prev', 'Previous'), '<a href="index.html#guides">All guides</a>', link(guides[at + 1], 'next', 'Next')].filter(Boolean).join(' · ')}</nav>`;
  const { guide } = current;
  return page(
    `${guide.title}: svc manual`,
    `<h1>${h(guide.title)}</h1>\n<p class="lead">${h(guide.summary)}</p>\n<p class="muted">Also in the terminal: ${inlineCode(`svc help ${guide.name}`)} and ${inlineCode(`man svc-${guide.name}`)}.</p>\n${contents(current.html)}${current.html}\n${nav}`,
    { sidebar: guideSidebar(current, guides) },
  );
}

import { commandPageName, escapeHtml as h, page } from './html-page.js';
import type { ReferenceModel } from './model.js';

/** A page of prose for the manual, written once elsewhere (the README) and rendered to HTML. */
export interface Topic {
  file: string;
  title: string;
  html: string;
}

/** Filters the command list as one types; without JavaScript the whole list is simply shown. */
const SEARCH_SCRIPT = `document.getElementById('search').hidden = false;
document.getElementById('search').addEventListener('input', (event) => {
  const words = event.target.value.toLowerCase().split(/\\s+/).filter(Boolean);
  for (const item of document.querySelectorAll('#commands li')) item.hidden = !words.every((w) => item.textContent.toLowerCase().includes(w));
});`;

/**
 * The front page: what svc is and how to start (prose), the exit codes and environment (svc's own
 * help), then every command, areas first, each with a link to its page.
 */
export function indexPage(model: ReferenceModel, intro: Topic[], topics: Topic[]): string {
  const root = model.commands[0]!;
  const areaRows = model.commands.filter((doc) => doc.words.length >= 1).map((doc) => {
    const depth = doc.words.length - 1;
    return `<li style="margin-left:${depth * 1.25}rem"><a href="${commandPageName(doc.words)}"><code>${h(doc.name)}</code></a>${doc.operation ? ` <span class="muted">${h(`${doc.operation.method} ${doc.operation.path}`)}</span>` : ''}: ${h(doc.summary)}</li>`;
  });
  const body = [
    '<h1>svc manual</h1>',
    `<p>${h(root.summary)}. This manual is generated from the same registry and command tree as <code>svc --help</code>.</p>`,
    ...intro.map((topic) => `<section id="${topic.file.replace(/\.html$/, '')}">\n${topic.html}\n</section>`),
    `<h2>Topics</h2>\n<ul>\n<li><a href="svc.html">svc: global options, environment and exit codes</a></li>\n${topics.map((t) => `<li><a href="${t.file}">${h(t.title)}</a></li>`).join('\n')}\n</ul>`,
    `<h2>Exit codes and environment</h2>\n<pre>${h(root.after)}</pre>`,
    `<h2>Commands</h2>\n<input type="search" id="search" placeholder="Filter commands" aria-label="Filter commands" hidden>\n<ul id="commands">\n${areaRows.join('\n')}\n</ul>`,
  ];
  return page('svc manual', body.join('\n'), { script: SEARCH_SCRIPT });
}

/** A topic page: its prose and a way back. */
export const topicPage = (topic: Topic): string => page(`${topic.title}: svc manual`, `<h1>${h(topic.title)}</h1>\n${topic.html}`);

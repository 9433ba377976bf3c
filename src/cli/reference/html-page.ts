/** Text as HTML: the five characters that could open markup or end an attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A command's page name: `svc-email-drafts-get.html`; svc itself is `svc.html`. */
export const commandPageName = (words: readonly string[]): string => `${['svc', ...words].join('-')}.html`;

/**
 * A word longer than this may be wider than a phone's line (about 33 columns of code fit in the
 * narrowest place, an indented line of a code block at 390 px): it may break, where it must.
 */
const LONG_WORD = 28;

/**
 * Code as HTML that may wrap at its blanks but never inside a word (a flag, a variable, an operation
 * id): each run of non-blank characters is kept whole (`.w`); only one longer than LONG_WORD may
 * break, and only when it alone is wider than the line (`.w.long`). The blanks stay text, so copying
 * gives back exactly the code.
 */
export function unbreakableWords(text: string): string {
  return text
    .split(/(\s+)/)
    .map((part, i) =>
      i % 2 === 1 || part === '' ? escapeHtml(part) : `<span class="${[...part].length > LONG_WORD ? 'w long' : 'w'}">${escapeHtml(part)}</span>`,
    )
    .join('');
}

/** Inline code whose words never break (unbreakableWords). */
export const inlineCode = (text: string): string => `<code>${unbreakableWords(text)}</code>`;

/**
 * A code block that wraps rather than running off a phone's screen, copied exactly: each line is a
 * block of its own, and a line too long for the screen goes on under itself, indented two columns
 * more than it starts (its own indent, --indent), so a wrapped line never reads as a new one.
 */
export function codeBlock(text: string, className = ''): string {
  const lines = text.replace(/\n$/, '').split('\n');
  const html = lines
    .map((line, i) => {
      const indent = /^ */.exec(line)![0].length;
      const style = indent > 0 ? ` style="--indent: ${indent}"` : '';
      return `<span class="line"${style}>${unbreakableWords(line)}${i < lines.length - 1 ? '\n' : ''}</span>`;
    })
    .join('');
  return `<pre class="${['code', className].filter(Boolean).join(' ')}"><code>${html}</code></pre>`;
}

/**
 * One page of the manual: plain HTML5 with one stylesheet, no script needed to read it, relative
 * links only, so it works from file:// and any static host. `sidebar` (the guides, on a guide's
 * page) stands beside the text on a wide screen and is left out on a narrow one.
 */
export function page(title: string, body: string, options: { script?: string; sidebar?: string } = {}): string {
  const main = `<main>\n${body}\n</main>`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="style.css">
</head>
<body>
<header><a href="index.html">svc manual</a></header>
${options.sidebar ? `<div class="layout">\n${options.sidebar}\n${main}\n</div>` : main}
${options.script ? `<script>${options.script}</script>\n` : ''}</body>
</html>
`;
}

/**
 * One stylesheet for both colour schemes, every text colour at least 4.5:1 on its background (WCAG
 * AA). Nothing makes the page wider than the window: code wraps between words (codeBlock), a word
 * breaks only when it alone is wider than the line, and on a narrow screen a table's rows stack,
 * each cell under its column's name.
 */
export const STYLESHEET = `:root { color-scheme: light dark; --text: #1b1b1f; --bg: #ffffff; --link: #0b57d0; --muted: #55555f; --rule: #c8c8d2; --code-bg: #f2f2f5; }
@media (prefers-color-scheme: dark) {
  :root { --text: #e6e6ea; --bg: #16161a; --link: #8ab4f8; --muted: #aeaeb8; --rule: #44444c; --code-bg: #24242a; }
}
html { background: var(--bg); color: var(--text); }
body { margin: 0; font: 16px/1.5 system-ui, sans-serif; overflow-wrap: break-word; }
a { color: var(--link); }
header { padding: .6rem 1rem; border-bottom: 1px solid var(--rule); }
header a { font-weight: 600; text-decoration: none; }
main { max-width: 52rem; padding: 0 1rem 3rem; margin: 0 auto; }
h1 { font-size: 1.6rem; overflow-wrap: anywhere; }
h2 { font-size: 1.2rem; margin-top: 2rem; border-bottom: 1px solid var(--rule); }
h3 { font-size: 1.05rem; margin: 1.4rem 0 .4rem; }
code, pre { font: .9rem/1.4 ui-monospace, monospace; }
.w { white-space: nowrap; }
.w.long { white-space: inherit; display: inline-block; max-width: 100%; overflow-wrap: anywhere; text-indent: 0; }
pre { padding: .6rem; max-width: 100%; box-sizing: border-box; background: var(--code-bg); white-space: pre-wrap; overflow-wrap: anywhere; }
pre .line { display: block; padding-left: calc((var(--indent, 0) + 2) * 1ch); text-indent: calc((var(--indent, 0) + 2) * -1ch); }
table { border-collapse: collapse; width: 100%; display: block; overflow-x: auto; }
th, td { text-align: left; vertical-align: top; padding: .25rem .5rem; border-bottom: 1px solid var(--rule); }
@media (max-width: 40rem) {
  table.rows, table.rows tbody, table.rows tr, table.rows td { display: block; }
  table.rows thead { display: none; }
  table.rows tr { border-bottom: 1px solid var(--rule); padding: .4rem 0; }
  table.rows td { border: 0; padding: .1rem 0; }
  table.rows td[data-label]:not([data-label=""])::before { content: attr(data-label) ": "; font-weight: 600; }
}
dt code { font-weight: 600; }
dd { margin: 0 0 .6rem 1.5rem; }
.muted, .summary { color: var(--muted); }
.commands li { margin-bottom: .3rem; }
.commands .depth-2 { margin-left: .75rem; } .commands .depth-3 { margin-left: 1.5rem; } .commands .depth-4 { margin-left: 2.25rem; }
.guides { padding-left: 1.2rem; }
.guides li { margin-bottom: .6rem; }
.guides li > a { font-weight: 600; }
.guides .summary { display: block; margin: .1rem 0 0; }
.request { color: var(--muted); font-size: .85rem; }
.toc { border: 1px solid var(--rule); padding: .4rem 1rem; margin: 1rem 0; }
.toc-title { font-weight: 600; margin: .3rem 0; }
.toc ul { margin: .2rem 0 .4rem; padding-left: 1.2rem; }
.pager { margin-top: 2rem; border-top: 1px solid var(--rule); padding-top: .6rem; }
.sidebar { display: none; }
@media (min-width: 64rem) {
  .layout { display: grid; grid-template-columns: 14rem minmax(0, 52rem); gap: 2.5rem; justify-content: center; padding: 0 1rem; }
  .layout main { margin: 0; padding: 0 0 3rem; }
  .sidebar { display: block; position: sticky; top: 0; align-self: start; max-height: 100vh; overflow-y: auto; box-sizing: border-box; padding: 1rem 0 2rem; font-size: .92rem; }
  .sidebar .group { font-weight: 600; color: var(--muted); margin: 1rem 0 .2rem; }
  .sidebar ul { list-style: none; margin: 0; padding: 0; }
  .sidebar li { margin: .2rem 0; }
  .sidebar a[aria-current="page"] { font-weight: 600; color: var(--text); text-decoration: none; }
}
input[type=search] { width: 100%; font-size: 1rem; padding: .4rem; box-sizing: border-box; margin: .5rem 0; color: var(--text); background: var(--bg); border: 1px solid var(--muted); }
`;

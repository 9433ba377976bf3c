/** Text as HTML: the five characters that could open markup or end an attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A command's page name: `svc-email-drafts-get.html`; svc itself is `svc.html`. */
export const commandPageName = (words: readonly string[]): string => `${['svc', ...words].join('-')}.html`;

/**
 * One page of the manual: plain HTML5 with one stylesheet, no script needed to read it, relative
 * links only, so it works from file:// and any static host.
 */
export function page(title: string, body: string, options: { script?: string } = {}): string {
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
<main>
${body}
</main>
${options.script ? `<script>${options.script}</script>\n` : ''}</body>
</html>
`;
}

/**
 * One stylesheet for both colour schemes, every text colour at least 4.5:1 on its background (WCAG
 * AA). Nothing makes the page wider than the window: long names and requests break anywhere, code
 * blocks and tables scroll inside themselves.
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
code, pre { font: .9rem/1.4 ui-monospace, monospace; }
p code, li code, dd code, dt code, td code { overflow-wrap: anywhere; }
pre { padding: .6rem; overflow-x: auto; max-width: 100%; box-sizing: border-box; background: var(--code-bg); }
pre.usage { white-space: pre-wrap; overflow-wrap: anywhere; }
table { border-collapse: collapse; width: 100%; display: block; overflow-x: auto; }
th, td { text-align: left; vertical-align: top; padding: .25rem .5rem; border-bottom: 1px solid var(--rule); }
dt code { font-weight: 600; }
dd { margin: 0 0 .6rem 1.5rem; }
li { overflow-wrap: anywhere; }
.muted, .summary { color: var(--muted); }
.commands li { margin-bottom: .3rem; }
.commands .depth-2 { margin-left: .75rem; } .commands .depth-3 { margin-left: 1.5rem; } .commands .depth-4 { margin-left: 2.25rem; }
.request { color: var(--muted); font-size: .85rem; }
.pager { margin-top: 2rem; border-top: 1px solid var(--rule); padding-top: .6rem; }
input[type=search] { width: 100%; font-size: 1rem; padding: .4rem; box-sizing: border-box; margin: .5rem 0; color: var(--text); background: var(--bg); border: 1px solid var(--muted); }
`;

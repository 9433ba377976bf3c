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

export const STYLESHEET = `:root { color-scheme: light dark; --muted: #667; --rule: #ccd; }
body { margin: 0; font: 16px/1.5 system-ui, sans-serif; }
header { padding: .6rem 1rem; border-bottom: 1px solid var(--rule); }
header a { font-weight: 600; text-decoration: none; }
main { max-width: 52rem; padding: 0 1rem 3rem; margin: 0 auto; }
h1 { font-size: 1.6rem; overflow-wrap: anywhere; }
h2 { font-size: 1.2rem; margin-top: 2rem; border-bottom: 1px solid var(--rule); }
code, pre { font: .9rem/1.4 ui-monospace, monospace; }
pre.usage { white-space: pre-wrap; overflow-wrap: anywhere; }
pre { padding: .6rem; overflow-x: auto; background: rgba(127, 127, 127, .1); }
table { border-collapse: collapse; width: 100%; display: block; overflow-x: auto; }
th, td { text-align: left; vertical-align: top; padding: .25rem .5rem; border-bottom: 1px solid var(--rule); }
dt code { font-weight: 600; }
dd { margin: 0 0 .6rem 1.5rem; }
.muted { color: var(--muted); }
input[type=search] { width: 100%; font-size: 1rem; padding: .4rem; box-sizing: border-box; }
`;

import { Chalk } from 'chalk';
import type { RenderOptions } from './formats.js';
import { htmlToText } from './html-text.js';
import { terminalSafe } from './terminal-safe.js';
import { cellText } from './table.js';
import { displayWidth, padToWidth, wrapToWidth } from './text-width.js';

export interface DocumentLayout {
  /** Field name -> label: shown as labelled lines, in order. */
  fields: Readonly<Record<string, string>>;
  /** A field holding HTML, shown below as readable text. */
  html?: string;
}

/**
 * A response as a short document for the terminal: labelled fields, a blank line, then the HTML
 * field as text, wrapped to the terminal width.
 */
export function formatDocument(value: Record<string, unknown>, layout: DocumentLayout, options: RenderOptions): string {
  const chalk = new Chalk({ level: options.color ? 1 : 0 });
  const fields = Object.entries(layout.fields);
  const labelWidth = Math.max(0, ...fields.map(([, label]) => displayWidth(label) + 1));
  const width = options.width === undefined ? undefined : Math.min(options.width, 100);
  const lines = fields.flatMap(([field, label]) => labelled(chalk.bold(padToWidth(`${label}:`, labelWidth)), labelWidth + 2, cellText(value[field]), width));
  const html = layout.html === undefined ? undefined : value[layout.html];
  if (typeof html === 'string') {
    // Decoding entities can spell a secret (`&#115;vc_…`) or a control character: both are dealt
    // with before the text is wrapped, so neither a cut secret nor a mis-measured line gets through.
    const text = terminalSafe(options.redact(htmlToText(html)), { newlines: true });
    lines.push('', ...(width === undefined ? text.split('\n') : text.split('\n').flatMap((line) => wrapToWidth(line, width))));
  }
  return `${lines.join('\n')}\n`;
}

/** A labelled field; on a terminal wrapped to its width, the lines after the first under the value. */
function labelled(label: string, indent: number, text: string, width: number | undefined): string[] {
  // Too narrow a column for the value (a terminal under ~30 columns): one line, as when piped.
  if (width === undefined || width - indent < 12) return [`${label}  ${text}`];
  const [first = '', ...rest] = wrapToWidth(text, width - indent);
  return [`${label}  ${first}`, ...rest.map((line) => ' '.repeat(indent) + line)];
}

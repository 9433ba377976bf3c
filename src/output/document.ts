import { Chalk } from 'chalk';
import type { RenderOptions } from './formats.js';
import { htmlToText } from './html-text.js';
import { cellText } from './table.js';
import { displayWidth, padToWidth, wrapToWidth } from './text-width.js';

export interface DocumentLayout {
  /** Fields shown as labelled lines, in order. */
  fields: readonly string[];
  /** A field holding HTML, shown below as readable text. */
  html?: string;
}

/** `variableNames` -> `Variable names`. */
export const fieldLabel = (name: string): string => {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * A response as a short document for the terminal: labelled fields, a blank line, then the HTML
 * field as text, wrapped to the terminal width.
 */
export function formatDocument(value: Record<string, unknown>, layout: DocumentLayout, options: RenderOptions): string {
  const chalk = new Chalk({ level: options.color ? 1 : 0 });
  const labels = layout.fields.map((field) => `${fieldLabel(field)}:`);
  const labelWidth = Math.max(0, ...labels.map(displayWidth));
  const lines = layout.fields.map((field, i) => `${chalk.bold(padToWidth(labels[i]!, labelWidth))}  ${cellText(value[field])}`);
  const html = layout.html === undefined ? undefined : value[layout.html];
  if (typeof html === 'string') {
    const text = htmlToText(html);
    const width = options.width === undefined ? undefined : Math.min(options.width, 100);
    lines.push('', ...(width === undefined ? text.split('\n') : text.split('\n').flatMap((line) => wrapToWidth(line, width))));
  }
  return `${lines.join('\n')}\n`;
}

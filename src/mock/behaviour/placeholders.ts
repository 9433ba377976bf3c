// `{{name}}` with optional spaces inside the braces, as template authors type them.
const placeholder = /\{\{\s*([A-Za-z_][\w.-]*)\s*\}\}/g;

const htmlEntities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Names of the placeholders in these texts, each once, in order of first use. */
export function placeholderNames(...texts: string[]): string[] {
  const names = texts.flatMap((text) => [...text.matchAll(placeholder)].map((match) => match[1]!));
  return [...new Set(names)];
}

/**
 * Fills placeholders from `data`. A variable missing from `data` (or null) renders as the empty
 * string, as the service leaves an unset merge field blank rather than failing the preview.
 */
export function fillPlaceholders(text: string, data: Record<string, unknown>, escape: (value: string) => string): string {
  return text.replace(placeholder, (_match, name: string) => escape(valueText(Object.hasOwn(data, name) ? data[name] : undefined)));
}

/** Escapes a value for HTML text or attribute context, so a value never injects markup. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => htmlEntities[char]!);
}

/** Subjects are plain text: values go in verbatim. */
export const plainText = (value: string): string => value;

function valueText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

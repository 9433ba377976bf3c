import { formatJson } from './json.js';

/** The values of `--output`. */
export const OUTPUT_FORMATS = ['json', 'yaml', 'table', 'ndjson'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export interface RenderOptions {
  color: boolean;
  /**
   * The context's redaction (src/auth/redaction.ts). The value arrives redacted; a formatter that
   * makes new text from it (HTML entities decoded) redacts that text before it cuts, folds or wraps it.
   */
  redact: (text: string) => string;
  /** Terminal width, when stdout is a terminal. */
  width?: number;
}

export const isOutputFormat = (text: string): text is OutputFormat => (OUTPUT_FORMATS as readonly string[]).includes(text);

/** A value in one of the output formats; YAML and the table load only when asked for. */
export async function renderValue(value: unknown, format: OutputFormat, options: RenderOptions): Promise<string> {
  switch (format) {
    case 'json':
      return formatJson(value, options.color);
    case 'ndjson':
      return formatNdjson(value);
    case 'yaml':
      return (await import('./yaml.js')).formatYaml(value);
    case 'table':
      return (await import('./table.js')).formatTable(value, options);
  }
}

/** One compact JSON text a line: an array gives a line per item, anything else one line. */
export function formatNdjson(value: unknown): string {
  const items = Array.isArray(value) ? value : [value];
  return items.map((item) => `${JSON.stringify(item) ?? 'null'}\n`).join('');
}

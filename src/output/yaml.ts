import { isExactNumber } from '../client/exact-number.js';

// `--output yaml`, written so that YAML 1.2 and 1.1 readers (PyYAML, Ansible, Ruby's Psych) read
// back the very data the service sent. A string is plain only when no reader can take
// it for anything else: `yes`, `off`, `y`, `0b11`, `1_000`, `2026-01-01`, `12:30:45` and `~` are
// quoted, as the AWS CLI's YAML output quotes them. Everything else is double-quoted with escapes,
// so line separators (U+2028) and control characters survive. Nesting is block style; the answer
// is at most 1000 levels deep (MAX_JSON_DEPTH), one call frame a level.

/** Words YAML 1.1 or 1.2 reads as booleans or null. */
const SPECIAL_WORDS = new Set('y Y yes Yes YES n N no No NO true True TRUE false False FALSE on On ON off Off OFF null Null NULL'.split(' '));

/** A plain scalar no reader mistakes: a letter or `_`, then words of safe characters one space apart. */
const PLAIN = /^[A-Za-z_][A-Za-z0-9_.\/@-]*(?: [A-Za-z0-9_.\/@-]+)*$/;

export function formatYaml(value: unknown): string {
  const lines: string[] = [];
  if (isCollection(value) && !isEmpty(value)) writeBlock(value, 0, lines);
  else lines.push(inline(value));
  return `${lines.join('\n')}\n`;
}

function writeBlock(value: object, level: number, lines: string[]): void {
  const indent = '  '.repeat(level);
  if (Array.isArray(value)) {
    for (const item of value) writeEntry(`${indent}-`, item, level, lines, true);
    return;
  }
  for (const [key, item] of Object.entries(value)) writeEntry(`${indent}${scalarString(key)}:`, item, level, lines, false);
}

/** `key: value` or `- value`; a non-empty collection goes below (under a key) or after the dash. */
function writeEntry(head: string, item: unknown, level: number, lines: string[], dash: boolean): void {
  if (!isCollection(item) || isEmpty(item)) return void lines.push(`${head} ${inline(item)}`);
  const start = lines.length;
  writeBlock(item, level + 1, lines);
  // A list item's first line starts right after its dash: "- key: value", "- - nested".
  if (dash) lines[start] = `${head} ${lines[start]!.slice(head.length + 1)}`;
  else lines.splice(start, 0, head);
}

function inline(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'number') return yamlNumber(JSON.stringify(value));
  if (isExactNumber(value)) return yamlNumber(value.rawJSON);
  if (typeof value === 'string') return scalarString(value);
  return Array.isArray(value) ? '[]' : '{}';
}

/**
 * A JSON number in a form both YAML versions read as that number: YAML 1.1 wants a `.` in the
 * mantissa and a sign in the exponent (`1e400` is a string to PyYAML, `1.0e+400` a float).
 */
export function yamlNumber(text: string): string {
  const match = /^(-?\d+)(\.\d+)?[eE]([+-]?)(\d+)$/.exec(text);
  if (!match) return text;
  return `${match[1]}${match[2] ?? '.0'}e${match[3] || '+'}${match[4]}`;
}

function scalarString(text: string): string {
  if (PLAIN.test(text) && !SPECIAL_WORDS.has(text)) return text;
  return `"${escapeDoubleQuoted(text)}"`;
}

const ESCAPES: Record<string, string> = {
  '\0': '\\0',
  '\x07': '\\a',
  '\b': '\\b',
  '\t': '\\t',
  '\n': '\\n',
  '\v': '\\v',
  '\f': '\\f',
  '\r': '\\r',
  '\x1b': '\\e',
  '"': '\\"',
  '\\': '\\\\',
};

/**
 * Escapes for a double-quoted scalar: quotes, backslashes, every C0 and C1 control, DEL, the line
 * and paragraph separators, the byte-order mark, non-characters and lone surrogates.
 */
function escapeDoubleQuoted(text: string): string {
  return text.replace(/["\\\x00-\x1f\x7f-\x9f\u2028\u2029\ufeff\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, (c) => {
    const code = c.charCodeAt(0);
    return ESCAPES[c] ?? (code <= 0xff ? `\\x${hex(code, 2)}` : `\\u${hex(code, 4)}`);
  });
}

const hex = (code: number, digits: number): string => code.toString(16).toUpperCase().padStart(digits, '0');

const isCollection = (value: unknown): value is object => value !== null && typeof value === 'object' && !isExactNumber(value);

const isEmpty = (value: object): boolean => (Array.isArray(value) ? value.length === 0 : Object.keys(value).length === 0);

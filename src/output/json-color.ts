import { isExactNumber } from '../client/exact-number.js';
import { Chalk, type ChalkInstance } from 'chalk';

/** JSON laid out as JSON.stringify(value, null, 2) does, with keys, strings, numbers and literals coloured. */
export function paintJson(value: unknown): string {
  return paint(value, new Chalk({ level: 1 }), '');
}

function paint(value: unknown, chalk: ChalkInstance, indent: string): string {
  if (value === null || typeof value === 'boolean') return chalk.magenta(String(value));
  if (typeof value === 'number') return chalk.yellow(String(value));
  if (isExactNumber(value)) return chalk.yellow(value.rawJSON);
  if (typeof value === 'string') return chalk.green(JSON.stringify(value));
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((item) => inner + paint(item, chalk, inner)).join(',\n')}\n${indent}]`;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return '{}';
    const lines = entries.map(([key, item]) => `${inner}${chalk.blue(JSON.stringify(key))}: ${paint(item, chalk, inner)}`);
    return `{\n${lines.join(',\n')}\n${indent}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

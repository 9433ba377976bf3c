import type { OperationSpec } from '../../registry/define.js';
import { type JsonSchema, jsonSchemaOf } from '../openapi/json-schema.js';
import { commandLine } from './operation-command.js';
import { type ArgumentSpec, operationArguments, operationFlags } from './operation-flags.js';

/** One operation in full, as `svc ops <id>` shows it. */
export interface OperationDescription {
  id: string;
  area: string;
  method: string;
  path: string;
  command: string;
  summary: string;
  destructive: boolean;
  arguments: ArgumentSpec[];
  flags: { flag: string; type: string; required: boolean; description: string; field?: string }[];
  body: JsonSchema | null;
  response: JsonSchema;
  examples: readonly string[];
}

/** The line of `svc ops` for one operation. */
export const operationSummary = (id: string, op: OperationSpec) => ({ id, method: op.method, path: op.path, command: commandLine(id, op), summary: op.summary });

export function describeOperation(id: string, op: OperationSpec): OperationDescription {
  return {
    ...operationSummary(id, op),
    area: op.area,
    destructive: op.destructive === true,
    arguments: operationArguments(op),
    flags: operationFlags(op).map((flag) => ({ flag: flag.flags, type: flag.type, required: flag.required, description: flag.help, ...(flag.field ? { field: flag.field } : {}) })),
    body: op.body ? jsonSchemaOf(op.body, 'input') : null,
    response: jsonSchemaOf(op.response, 'output'),
    examples: op.examples,
  };
}

/** The description as a terminal shows it: headed sections, schemas as indented JSON. */
export function formatDescription(d: OperationDescription): string {
  const columns = (rows: string[][]) => {
    const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
    return rows.map((row) => `  ${row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  ')}`.trimEnd()).join('\n');
  };
  const indent = (text: string) => text.replace(/^/gm, '  ');
  const sections = [
    `${d.id}: ${d.summary}${d.destructive ? ' (destructive)' : ''}`,
    `Command:  ${d.command}\nRequest:  ${d.method} ${d.path}\nArea:     ${d.area}`,
  ];
  if (d.arguments.length > 0) sections.push(`Arguments:\n${columns(d.arguments.map((a) => [`<${a.name}>`, `${a.type}, required`, a.in === 'path' ? 'path parameter' : 'body field']))}`);
  if (d.flags.length > 0) sections.push(`Flags:\n${columns(d.flags.map((f) => [f.flag, `${f.type}, ${f.required ? 'required' : 'optional'}`, f.description]))}`);
  sections.push(`Body schema:\n${indent(d.body ? JSON.stringify(d.body, null, 2) : '(no body)')}`);
  sections.push(`Response schema:\n${indent(JSON.stringify(d.response, null, 2))}`);
  sections.push(`Examples:\n${d.examples.map((e) => `  ${e}`).join('\n')}`);
  return `${sections.join('\n\n')}\n`;
}

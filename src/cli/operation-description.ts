import type { OperationSpec, Safety } from '../../registry/define.js';
import { areaOf, isIdempotent } from '../../registry/define.js';
import { canWait, SAFETY_WORDS } from '../input/wait-flags.js';
import { type JsonSchema, jsonSchemaOf } from '../openapi/json-schema.js';
import { commandLine } from './operation-command.js';
import { type ArgumentSpec, operationArguments, operationFlags, operationRules } from './operation-flags.js';

/** One operation in full, as `svc ops <id>` shows it. */
export interface OperationDescription {
  id: string;
  area: string;
  method: string;
  path: string;
  command: string;
  summary: string;
  /** Present, true, when the service marks the operation deprecated. */
  deprecated?: true;
  /** As the registry declares it: safe (reads), idempotent, unsafe or destructive; safe and idempotent operations can wait (--wait-for). */
  safety: Safety;
  destructive: boolean;
  /** Whether a lost answer may be retried (declared in the registry, else by method). */
  idempotent: boolean;
  arguments: ArgumentSpec[];
  flags: { flag: string; type: string; required: boolean; description: string; field?: string }[];
  /** Cross-field rules of the body, each in words with the fields it names. */
  rules: { fields: readonly string[]; description: string; text: string }[];
  query: JsonSchema | null;
  /** The header parameters, for an operation that declares some. */
  headers?: JsonSchema;
  body: JsonSchema | null;
  /** The body may be left out: sent only when given. */
  optionalBody?: true;
  response: JsonSchema;
  /** Documented error statuses and their meaning, or what the spec says where it lists none. */
  errors: Record<string, string>;
  examples: readonly string[];
}

/** The line of `svc ops` for one operation. */
export const operationSummary = (id: string, op: OperationSpec) => ({
  id,
  method: op.method,
  path: op.path,
  command: commandLine(id, op),
  summary: op.summary,
  ...(op.deprecated ? { deprecated: true as const } : {}),
});

export function describeOperation(id: string, op: OperationSpec): OperationDescription {
  return {
    ...operationSummary(id, op),
    area: areaOf(id),
    safety: op.safety,
    destructive: op.destructive === true,
    idempotent: isIdempotent(op),
    arguments: operationArguments(op),
    flags: operationFlags(op).map((flag) => ({
      flag: flag.flags,
      type: flag.type,
      required: flag.required,
      description: flag.help,
      ...(flag.field ? { field: flag.field } : {}),
    })),
    rules: operationRules(op).map(({ rule, text }) => ({ fields: rule.fields, description: rule.description, text })),
    query: op.query ? jsonSchemaOf(op.query, 'input') : null,
    ...(op.headers ? { headers: jsonSchemaOf(op.headers, 'input') } : {}),
    body: op.body ? jsonSchemaOf(op.body, 'input') : null,
    ...(op.optionalBody ? { optionalBody: true as const } : {}),
    response: jsonSchemaOf(op.response, 'output'),
    errors: errorsOf(op),
    examples: op.examples,
  };
}

/** `{ "404": "Operation or resource not found" }`, or `{ default: "…" }` where no status is documented. */
export function errorsOf(op: OperationSpec): Record<string, string> {
  const errors = op.errors;
  if (!errors) return { default: 'the standard error body; statuses not documented' };
  if ('unlisted' in errors) return { default: errors.unlisted as string };
  return Object.fromEntries(Object.entries(errors).map(([status, meaning]) => [status, String(meaning)]));
}

/** The description as a terminal shows it: headed sections, schemas as indented JSON. */
export function formatDescription(d: OperationDescription): string {
  const columns = (rows: string[][]) => {
    const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
    return rows.map((row) => `  ${row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  ')}`.trimEnd()).join('\n');
  };
  const indent = (text: string) => text.replace(/^/gm, '  ');
  const repeats = `${d.idempotent ? 'retried' : 'not retried once sent'}${canWait(d) ? ', and can wait (--wait-for)' : ''}`;
  const safety = `${d.safety}: ${SAFETY_WORDS[d.safety]}; ${repeats}`;
  const sections = [
    `${d.id}: ${d.summary}${d.deprecated ? ' (deprecated: it still works, and may be removed)' : ''}${d.destructive ? ' (destructive)' : ''}`,
    `Command:  ${d.command}\nRequest:  ${d.method} ${d.path}\nArea:     ${d.area}\nSafety:   ${safety}`,
  ];
  if (d.arguments.length > 0)
    sections.push(
      `Arguments:\n${columns(d.arguments.map((a) => [`<${a.name}>`, `${a.type}, required`, `${a.in === 'path' ? 'path parameter' : 'body field'}${a.description ? `: ${a.description}` : ''}`]))}`,
    );
  if (d.flags.length > 0)
    sections.push(`Flags:\n${columns(d.flags.map((f) => [f.flag, `${f.type}, ${f.required ? 'required' : 'optional'}`, f.description]))}`);
  if (d.rules.length > 0) sections.push(`Rules:\n${d.rules.map((r) => `  ${r.text}`).join('\n')}`);
  if (d.query) sections.push(`Query schema:\n${indent(JSON.stringify(d.query, null, 2))}`);
  if (d.headers) sections.push(`Header schema:\n${indent(JSON.stringify(d.headers, null, 2))}`);
  sections.push(`Body schema:\n${indent(d.body ? JSON.stringify(d.body, null, 2) : '(no body)')}`);
  sections.push(`Response schema:\n${indent(JSON.stringify(d.response, null, 2))}`);
  sections.push(`Errors:\n${columns(Object.entries(d.errors).map(([status, meaning]) => [status, meaning]))}`);
  sections.push(`Examples:\n${d.examples.map((e) => `  ${e}`).join('\n')}`);
  return `${sections.join('\n\n')}\n`;
}

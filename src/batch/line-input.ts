import type { OperationSpec } from '../../registry/define.js';
import { pathParamNames } from '../../registry/define.js';
import { validateBody, validateQuery } from '../client/exchange.js';
import { validateHeaders } from '../client/header-values.js';
import { fillPath } from '../client/path.js';
import { describeInputIssue, InputError, type InputIssue } from '../errors.js';
import { bodyFields, headerFields, queryFields } from '../input/fields.js';
import { jsonTextTooDeep } from '../client/response-body.js';
import { jsonRefusal } from '../json-syntax.js';
import { type CheckedInput, issueMessage, type OperationInput } from '../input/operation-input.js';

/** A line's problem with one field, named as the line names it: `email`, `data.amount`, `sequenceId`. */
export type LineIssue = Required<InputIssue>;

export type LineInput = { ok: true; input: CheckedInput } | { ok: false; message: string; issues: LineIssue[] };

/**
 * Returns what turns one line object into a call's valid input. The command line's positionals,
 * flags and --body (`base`) apply to every line; a line's own fields win, map fields key by key.
 */
export function createLineInput(op: OperationSpec, base: OperationInput): (object: Record<string, unknown>) => LineInput {
  const params = new Set(pathParamNames(op.path));
  const fields = new Map(bodyFields(op).map((field) => [field.name, field]));
  const query = new Set(queryFields(op).map((field) => field.name));
  const headers = new Set(headerFields(op).map((field) => field.name));
  const names = [...params, ...query, ...headers, ...fields.keys()].join(', ');
  return (object) => {
    const input: OperationInput = { params: { ...base.params }, body: base.body && { ...base.body } };
    if (op.query) input.query = { ...base.query };
    if (op.headers) input.headers = { ...base.headers };
    const issues: LineIssue[] = [];
    // for…in, not Object.entries: no array per field (a parsed line has only own, plain keys, `__proto__` included).
    for (const key in object) {
      if (!Object.hasOwn(object, key)) continue;
      const value = object[key];
      if (query.has(key) && input.query) input.query[key] = value;
      else if (headers.has(key) && input.headers) input.headers[key] = value;
      else if (params.has(key)) {
        if (typeof value === 'string') input.params[key] = value;
        else issues.push({ field: key, message: 'expected a string' });
      } else if (fields.has(key) && op.body) {
        // An optional body the command line gave nothing for starts with this line's first field.
        input.body ??= {};
        const before = input.body[key];
        input.body[key] = fields.get(key)!.kind === 'map' && isPlainObject(before) && isPlainObject(value) ? { ...before, ...value } : value;
      } else issues.push({ field: key, message: `not a field of this operation (${names})` });
    }
    const path = issues.length === 0 ? checkInput(op, input, issues) : undefined;
    if (path === undefined || issues.length > 0) return { ok: false, message: issues.map(describeInputIssue).join('; '), issues };
    // checkInput set every key (query too, undefined when none): a literal, not a spread.
    return {
      ok: true,
      input: { params: input.params, body: input.body, query: input.query, headers: input.headers as Record<string, string> | undefined, path },
    };
  };
}

/**
 * Checks the path parameters as URL segments and the body, query and header parameters against the
 * registry's schemas; all are reported. Returns the filled path, which is the one sent.
 */
function checkInput(op: OperationSpec, input: OperationInput, issues: LineIssue[]): string | undefined {
  let path: string | undefined;
  try {
    path = fillPath(op.path, input.params);
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    for (const issue of error.issues) issues.push({ field: issue.field ?? 'line', message: issue.message });
  }
  const valid = validateBody(op, input.body);
  if (valid.ok) input.body = valid.body as Record<string, unknown> | undefined;
  else for (const issue of valid.issues) issues.push({ field: issue.path.join('.') || 'line', message: issueMessage(issue.message) });
  const validQuery = validateQuery(op, input.query);
  if (validQuery.ok) input.query = validQuery.query;
  else for (const issue of validQuery.issues) issues.push({ field: issue.path.join('.') || 'line', message: issueMessage(issue.message) });
  const validHeaders = validateHeaders(op, input.headers);
  if (validHeaders.ok) input.headers = validHeaders.headers;
  else for (const issue of validHeaders.issues) issues.push({ field: issue.path.join('.') || 'line', message: issueMessage(issue.message) });
  return path;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** One NDJSON line as a line object. */
export function parseNdjsonLine(text: string): { ok: true; object: Record<string, unknown> } | { ok: false; problem: string } {
  // As deep as a --body file may be, no deeper: what is built from the line is walked again (checked, written as JSON).
  const tooDeep = jsonTextTooDeep(text, 'the line');
  if (tooDeep) return { ok: false, problem: tooDeep };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, problem: `the line is not valid JSON: ${jsonRefusal(text)}` };
  }
  if (!isPlainObject(value)) return { ok: false, problem: 'the line must be a JSON object of path parameters and body fields' };
  return { ok: true, object: value };
}

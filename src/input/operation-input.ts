import type { OperationSpec } from '../../registry/define.js';
import { pathParamNames } from '../../registry/define.js';
import type { Issue } from '../client/result.js';
import { InputError } from '../errors.js';
import { applyAssignments, parseFieldAssignment } from './assignment.js';
import { BODY_FROM_STDIN, type JsonSources, readBodySource, readsStdin, stdinClaim } from './body-source.js';
import { readFieldText } from './field-text.js';
import { type BodyField, bodyFields, commandFields, headerFields, queryFields } from './fields.js';

export interface OperationInput {
  params: Record<string, string>;
  /** Query parameters given, by name (typed as the registry declares); absent when none. */
  query?: Record<string, unknown>;
  /** Header parameters given, by their lower-case name; absent when the operation declares none. */
  headers?: Record<string, unknown>;
  /** Undefined for operations without a body, and for an optional body nothing was given for. */
  body: Record<string, unknown> | undefined;
}

/** Input ready to send: valid, with its path filled once (`fillPath`), so it is not built again to send. */
export interface CheckedInput extends OperationInput {
  path: string;
  /** The header parameters as sent: their text, by lower-case name. */
  headers?: Record<string, string>;
}

/** Raw values as commander hands them over: positional arguments in order, flags by field name. */
export interface CommandValues {
  positionals: readonly string[];
  flags: Record<string, unknown>;
}

/** Turns argv values into path parameters and a body; `--body` is the base and flags apply on top. */
export async function buildOperationInput(op: OperationSpec, values: CommandValues, from: JsonSources): Promise<OperationInput> {
  const params: Record<string, string> = {};
  const pathParams = new Set(pathParamNames(op.path));
  const bodySource = values.flags.body as string | undefined;
  claimStdinFirst(op, values, from);
  const body: Record<string, unknown> | undefined = op.body ? (bodySource === undefined ? {} : await readBodySource(bodySource, from)) : undefined;
  op.args.forEach((name, index) => {
    const value = values.positionals[index];
    if (value === undefined) return;
    if (pathParams.has(name)) setField(params, name, value);
    else if (body) setField(body, name, value);
  });
  const query = op.query ? flagValues(queryFields(op), values.flags) : undefined;
  const headers = op.headers ? flagValues(headerFields(op), values.flags) : undefined;
  const input = { params, body, ...(query ? { query } : {}), ...(headers ? { headers } : {}) };
  if (!body) return input;
  for (const field of bodyFields(op)) {
    const given = values.flags[field.key];
    if (given === undefined || field.positional) continue;
    setField(body, field.name, field.kind === 'map' ? await readMapFlag(field, given as string[], body[field.name], from) : convertFlagValue(field, given));
  }
  // An optional body is sent when something was given for it: --body, a body field (a flag or an argument).
  if (op.optionalBody && bodySource === undefined && Object.keys(body).length === 0) input.body = undefined;
  return input;
}

/** Every claim on standard input this command line makes (`--body -`, `key=@-`), made before anything is read: a pair is refused at once. */
function claimStdinFirst(op: OperationSpec, values: CommandValues, from: JsonSources): void {
  if (!from.claimStdin) return;
  if (values.flags.body === '-') from.claimStdin(BODY_FROM_STDIN);
  if (!op.body) return;
  for (const field of bodyFields(op)) {
    const given = values.flags[field.key];
    if (field.kind !== 'map' || !Array.isArray(given)) continue;
    for (const item of given as string[]) if (readsStdin(item)) from.claimStdin(stdinClaim(`--${field.flag}`, item));
  }
}

/** A field set as its own property, whatever its name: a service may name one `__proto__`, which `=` would take as the prototype and drop. */
const setField = (target: Record<string, unknown>, name: string, value: unknown): void => {
  Object.defineProperty(target, name, { value, enumerable: true, writable: true, configurable: true });
};

/** The query or header flags given, by parameter name, converted by their declared kind. */
function flagValues(fields: readonly BodyField[], flags: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    const given = flags[field.key];
    if (given !== undefined) setField(values, field.name, convertFlagValue(field, given));
  }
  return values;
}

/** Whether an assignment's value starts with `@` (`key=@file`, `key:=@file`, `key=@@text`). */
export const mayNameFile = (item: string): boolean => item.charAt(item.indexOf('=') + 1) === '@' && item.indexOf('=') > 0;

/** A map flag's assignments on top of the `--body` value; `key=@file` reads the user's file (src/input/field-files.ts). */
async function readMapFlag(field: BodyField, given: readonly string[], base: unknown, from: JsonSources): Promise<Record<string, unknown>> {
  // The file grammar loads only when a value may name a file: a plain call runs none of its code.
  const assigned = given.some(mayNameFile)
    ? await (await import('./field-files.js')).readFieldAssignments(`--${field.flag}`, given, from)
    : parseAssignments(`--${field.flag}`, given);
  const isMap = base !== null && typeof base === 'object' && !Array.isArray(base);
  return isMap ? { ...(base as object), ...assigned } : assigned;
}

function convertFlagValue(field: BodyField, given: unknown): unknown {
  const flag = `--${field.flag}`;
  switch (field.kind) {
    case 'number':
    case 'json':
      try {
        return readFieldText(field.kind, String(given));
      } catch (error) {
        throw error instanceof InputError ? error.under(flag) : error;
      }
    default:
      return given;
  }
}

/** The repeated assignments of one flag as an object; a malformed one is refused naming the flag. */
export function parseAssignments(flag: string, items: readonly string[]): Record<string, unknown> {
  try {
    return applyAssignments(items.map(parseFieldAssignment));
  } catch (error) {
    if (error instanceof InputError) throw error.under(flag);
    throw error;
  }
}

/** One line naming the flag or argument of each validation issue, as the user typed them. */
export function describeIssues(op: OperationSpec, issues: readonly Issue[]): string {
  const fields = new Map(commandFields(op).map((f) => [f.name, f]));
  return issues
    .map((issue) => {
      const [head, ...rest] = issue.path;
      const field = typeof head === 'string' ? fields.get(head) : undefined;
      let where: string;
      if (head === undefined) where = op.body ? 'request body' : 'input';
      else if (!field) where = pathParamNames(op.path).includes(String(head)) ? `<${String(head)}>` : `body field "${String(head)}"`;
      else where = field.positional ? `<${field.name}>` : `--${field.flag}`;
      const sub = rest.length > 0 ? ` ${rest.join('.')}` : '';
      return `${where}${sub}: ${issueMessage(issue.message)}`;
    })
    .join('; ');
}

/** zod's "expected string, received undefined" is, to a user, a required field left out. */
export function issueMessage(message: string): string {
  if (/received undefined$/.test(message)) return 'required';
  return message;
}

import type { OperationSpec } from '../../registry/define.js';
import { type FieldDoc, type FieldKind, objectFields } from '../../registry/fields.js';
import { flagOf } from '../../registry/header-params.js';
import { BATCH_FLAGS } from './batch-flags.js';
import { WAIT_FLAGS } from './wait-flags.js';

export type { FieldKind };

/** A body field, query or header parameter as the command line takes it. */
export interface BodyField extends FieldDoc {
  /** Long flag without dashes: `linkedinProfileUrl` -> `linkedin-profile-url`; a header's is its name, `if-none-match`. */
  flag: string;
  /** Where commander keeps the flag's value: `linkedinProfileUrl`; `ifNoneMatch` for `--if-none-match`. */
  key: string;
  /** Given as a positional argument rather than a flag. */
  positional: boolean;
}

export const toKebab = flagOf;

/**
 * svc's own long flags: the global options (src/cli/program.ts) and those every operation command
 * may have (src/cli/operation-flags.ts). A field is named by the API, not by svc, and a service may
 * well have a field `body`, `output` or `query`: its flag then takes `-field` after its name
 * (`--body-field`), so it neither breaks the command nor silently takes svc's own option.
 */
export const OWN_FLAGS: ReadonlySet<string> = new Set([
  ...['base-url', 'profile', 'timeout', 'retries', 'strict', 'debug', 'dry-run', 'output', 'query', 'help', 'version'],
  ...['body', 'yes', 'paginate', 'max-pages', 'max-items'],
  ...BATCH_FLAGS.map((flag) => flag.name),
  ...WAIT_FLAGS.map((flag) => flag.name),
]);

/** The flag of a field: its name in kebab case, with `-field` after it while that is one of svc's own flags or the save flag. */
export function fieldFlag(op: Pick<OperationSpec, 'saveField'>, name: string): string {
  let flag = toKebab(name);
  const taken = (candidate: string) => OWN_FLAGS.has(candidate) || candidate === op.saveField?.flag;
  while (taken(flag) || (flag.startsWith('no-') && taken(flag.slice(3)))) flag = `${flag}-field`;
  return flag;
}

/** commander's name for a flag's value: `--if-none-match` -> `ifNoneMatch`. */
const optionKey = (flag: string): string => flag.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

const asCommandField =
  (op: OperationSpec) =>
  (field: FieldDoc): BodyField => {
    const flag = fieldFlag(op, field.name);
    return { ...field, flag, key: optionKey(flag), positional: field.in === 'body' && op.args.includes(field.name) };
  };

/** The body fields of an operation, read from its zod schema, in declaration order. */
export function bodyFields(op: OperationSpec): BodyField[] {
  return objectFields(op.body, 'body').map(asCommandField(op));
}

/** The query parameters of an operation, each a flag. */
export function queryFields(op: OperationSpec): BodyField[] {
  return objectFields(op.query, 'query').map(asCommandField(op));
}

/** The header parameters of an operation, each a flag of its name. */
export function headerFields(op: OperationSpec): BodyField[] {
  return objectFields(op.headers, 'header').map(asCommandField(op));
}

/** Every flag-or-positional input besides path parameters: query parameters, header parameters, then body fields. */
export const commandFields = (op: OperationSpec): BodyField[] => [...queryFields(op), ...headerFields(op), ...bodyFields(op)];

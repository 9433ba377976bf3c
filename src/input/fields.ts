import type { OperationSpec } from '../../registry/define.js';
import { type FieldDoc, type FieldKind, objectFields } from '../../registry/fields.js';
import { flagOf } from '../../registry/header-params.js';

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

/** commander's name for a flag's value: `--if-none-match` -> `ifNoneMatch`. */
const optionKey = (flag: string): string => flag.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

const asCommandField =
  (op: OperationSpec) =>
  (field: FieldDoc): BodyField => {
    const flag = toKebab(field.name);
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

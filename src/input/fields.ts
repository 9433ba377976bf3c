import type { OperationSpec } from '../../registry/define.js';
import { type FieldDoc, type FieldKind, objectFields } from '../../registry/fields.js';

export type { FieldKind };

/** A body or query field as the command line takes it. */
export interface BodyField extends FieldDoc {
  /** Long flag without dashes: `linkedinProfileUrl` -> `linkedin-profile-url`. */
  flag: string;
  /** Given as a positional argument rather than a flag. */
  positional: boolean;
}

export const toKebab = (name: string): string => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

const asCommandField = (op: OperationSpec) => (field: FieldDoc): BodyField => ({ ...field, flag: toKebab(field.name), positional: field.in === 'body' && op.args.includes(field.name) });

/** The body fields of an operation, read from its zod schema, in declaration order. */
export function bodyFields(op: OperationSpec): BodyField[] {
  return objectFields(op.body, 'body').map(asCommandField(op));
}

/** The query parameters of an operation, each a flag. */
export function queryFields(op: OperationSpec): BodyField[] {
  return objectFields(op.query, 'query').map(asCommandField(op));
}

/** Every flag-or-positional input besides path parameters: query parameters, then body fields. */
export const commandFields = (op: OperationSpec): BodyField[] => [...queryFields(op), ...bodyFields(op)];

import { pathParamNames, type OperationSpec, type PageCursor } from '../../registry/define.js';
import { type FieldRule, rulesOf } from '../../registry/rules.js';

/**
 * Whether a 429 answer comes before anything is applied (registry/define.ts, throttlesBeforeApplying):
 * on the document for the whole API, on an operation that says otherwise or says it itself.
 */
export const THROTTLES = 'x-svc-throttles-before-applying';

/**
 * svc's own OpenAPI extensions: what a registry entry says that OpenAPI cannot, written on each
 * operation by the export and read back by the importer (docs/guide/openapi-export.md lists them).
 */
export interface SvcExtensions {
  'x-svc-safety': OperationSpec['safety'];
  'x-svc-idempotent'?: boolean;
  'x-svc-throttles-before-applying'?: boolean;
  'x-svc-args'?: readonly string[];
  'x-svc-examples': readonly string[];
  'x-svc-display'?: NonNullable<OperationSpec['display']>;
  'x-svc-save-field'?: NonNullable<OperationSpec['saveField']>;
  'x-svc-null-result'?: string;
  'x-svc-cursor'?: PageCursor;
  'x-svc-rules'?: readonly FieldRule[];
}

/** The extensions of one operation; the arguments only when they are not its path parameters in path order. */
export function svcExtensions(op: OperationSpec): SvcExtensions {
  const rules = rulesOf(op.body);
  return {
    'x-svc-safety': op.safety,
    ...(op.idempotent === undefined ? {} : { 'x-svc-idempotent': op.idempotent }),
    ...(op.throttlesBeforeApplying === undefined ? {} : { [THROTTLES]: op.throttlesBeforeApplying }),
    ...(op.args.join('\n') === pathParamNames(op.path).join('\n') ? {} : { 'x-svc-args': op.args }),
    'x-svc-examples': op.examples,
    ...(op.display ? { 'x-svc-display': op.display } : {}),
    ...(op.saveField ? { 'x-svc-save-field': op.saveField } : {}),
    ...(op.nullResult === undefined ? {} : { 'x-svc-null-result': op.nullResult }),
    ...(op.cursor ? { 'x-svc-cursor': op.cursor } : {}),
    ...(rules.length > 0 ? { 'x-svc-rules': rules.map(({ kind, fields, description }) => ({ kind, fields, description })) } : {}),
  };
}

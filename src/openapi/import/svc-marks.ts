import type { OperationSpec, PageCursor } from '../../../registry/define.js';
import type { FieldRule } from '../../../registry/rules.js';
import type { ImportReport } from './report.js';

type Node = Record<string, unknown>;

/** What an operation's `x-svc-*` extensions (docs/guide/openapi-export.md) say, each checked; a malformed one is reported and left out. */
export interface SvcMarks {
  args?: string[];
  /** `x-svc-throttles-before-applying` on the operation (the document's is read by importDescription). */
  throttlesBeforeApplying?: boolean;
  examples?: string[];
  display?: NonNullable<OperationSpec['display']>;
  saveField?: NonNullable<OperationSpec['saveField']>;
  nullResult?: string;
  cursor?: PageCursor;
  rules?: FieldRule[];
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
const isTextList = (value: unknown): value is string[] => Array.isArray(value) && value.length > 0 && value.every(isText);
const isNode = (value: unknown): value is Node => value !== null && typeof value === 'object' && !Array.isArray(value);

const checks: { [K in keyof SvcMarks]-?: [string, (value: unknown) => boolean] } = {
  args: ['x-svc-args', (value) => Array.isArray(value) && value.every(isText)],
  throttlesBeforeApplying: ['x-svc-throttles-before-applying', (value) => typeof value === 'boolean'],
  examples: ['x-svc-examples', isTextList],
  display: [
    'x-svc-display',
    (value) =>
      isNode(value) &&
      isNode(value.fields) &&
      Object.values(value.fields).every(isText) &&
      (value.html === undefined || isText(value.html)) &&
      Object.keys(value).every((key) => key === 'fields' || key === 'html'),
  ],
  saveField: [
    'x-svc-save-field',
    (value) =>
      isNode(value) &&
      typeof value.flag === 'string' &&
      /^[a-z][a-z0-9-]*$/.test(value.flag) &&
      isText(value.field) &&
      isText(value.help) &&
      Object.keys(value).length === 3,
  ],
  nullResult: ['x-svc-null-result', isText],
  cursor: [
    'x-svc-cursor',
    (value) =>
      isNode(value) &&
      isText(value.param) &&
      isText(value.next) &&
      (value.items === undefined || isText(value.items)) &&
      Object.keys(value).every((key) => ['param', 'next', 'items'].includes(key)),
  ],
  rules: [
    'x-svc-rules',
    (value) =>
      Array.isArray(value) &&
      value.every(
        (rule) => isNode(rule) && rule.kind === 'at-least-one' && isTextList(rule.fields) && isText(rule.description) && Object.keys(rule).length === 3,
      ),
  ],
};

/** Reads the `x-svc-*` extensions of an operation. */
export function readSvcMarks(operation: Node, report: ImportReport, where: string): SvcMarks {
  const marks: Record<string, unknown> = {};
  for (const [field, [name, valid]] of Object.entries(checks)) {
    const value = operation[name];
    if (value === undefined) continue;
    if (valid(value)) marks[field] = structuredClone(value);
    else report.add(name, 'malformed (see the OpenAPI export guide for its shape): left out', `${where}/${name}`);
  }
  return marks as SvcMarks;
}

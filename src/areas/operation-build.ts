// A stored area (stored.ts) back to the registry's form: one OperationSpec per operation, its plain
// fields checked as it is read, its schemas built from their trees only when first read, so a call
// builds the schemas of the one operation it makes and not those of the area's hundreds of others.
import { OPERATION_ID } from '../../registry/command-names.js';
import { areaOf, type OperationSpec, type Operations, SAFETY_VALUES } from '../../registry/define.js';
import { pathTemplateProblem } from '../../registry/path-template.js';
import type { SchemaTree } from '../openapi/import/schema-tree.js';
import { ExitCode, SvcError } from '../errors.js';
import { createSchemaBuilder, CorruptTree } from './schema-build.js';
import { readAreaFileText } from './area-text.js';
import { STORE_FORMAT, type StoredOperation } from './stored.js';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const SCHEMA_FIELDS = ['params', 'query', 'headers', 'body', 'response'] as const;

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
const isTextList = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

/** What is wrong with one stored operation's plain fields, or undefined. */
function problemOf(id: string, op: unknown, area: string): string | undefined {
  if (!OPERATION_ID.test(id) || areaOf(id) !== area) return `the operation id ${JSON.stringify(id.slice(0, 80))} is not one of the area ${area}`;
  if (!isObject(op)) return `${id} is not an object`;
  if (!METHODS.includes(op.method as string) || typeof op.path !== 'string') return `${id} has no method and path`;
  const pathProblem = pathTemplateProblem(op.path);
  if (pathProblem) return `${id}'s path ${pathProblem.replace(/, which .*/, '')}`;
  if (typeof op.summary !== 'string' || !isTextList(op.args) || !isTextList(op.examples)) return `${id} has no summary, args or examples`;
  if (!SAFETY_VALUES.includes(op.safety as never)) return `${id} has no safety`;
  for (const field of SCHEMA_FIELDS) if (op[field] !== undefined && !isObject(op[field])) return `${id}'s ${field} is not a schema`;
  if (!isObject(op.response)) return `${id} has no response schema`;
  for (const field of ['idempotent', 'optionalBody', 'destructive', 'deprecated', 'throttlesBeforeApplying'])
    if (op[field] !== undefined && typeof op[field] !== 'boolean') return `${id}'s ${field} is not true or false`;
  for (const field of ['errors', 'display', 'saveField', 'cursor'])
    if (op[field] !== undefined && !isObject(op[field])) return `${id}'s ${field} is not an object`;
  if (op.status !== undefined && !Number.isSafeInteger(op.status)) return `${id}'s status is not a number`;
  if (op.nullResult !== undefined && typeof op.nullResult !== 'string') return `${id}'s nullResult is not text`;
  return undefined;
}

/** A stored area file's content that cannot be read as one: why, in a few words (the reader says which file, and what to do). */
export class CorruptArea extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CorruptArea';
  }
}

/** What to do about a damaged area: compile it again from its description. */
export const damagedArea = (area: string, why: string): SvcError =>
  new SvcError(`the added area ${area} is damaged (${why}); \`svc areas update ${area}\` compiles it again from its description`, ExitCode.usage);

/**
 * The operations of a stored area, read from its file's JSON text. Each is read and checked when
 * first asked for, its schemas built when first read, so a call reads one operation of the
 * hundreds an area may have. Throws CorruptArea for a file that is not one `svc areas add` writes
 * (of this format); an operation or schema that then cannot be read throws damagedArea's SvcError,
 * when it is asked for.
 */
export function operationsOfArea(text: string, area: string): Operations {
  const file = readAreaFileText(text);
  if (!file) throw new CorruptArea('its first line is not the index of its operations');
  if (file.format !== STORE_FORMAT || file.area !== area) throw new CorruptArea(`it is not the area ${area} of this format`);
  if (file.ids.length === 0) throw new CorruptArea('it lists no operations');
  const build = createSchemaBuilder(file.named);
  const specs: Operations = Object.create(null) as Operations;
  for (const id of file.ids) {
    let spec: OperationSpec | undefined;
    Object.defineProperty(specs, id, { enumerable: true, get: () => (spec ??= readOperation(id, area, file.operation(id), build)) });
  }
  return specs;
}

/** One operation from its JSON text, checked. */
function readOperation(id: string, area: string, text: unknown, build: (tree: SchemaTree) => unknown): OperationSpec {
  let op: unknown;
  try {
    op = typeof text === 'string' ? JSON.parse(text) : undefined;
  } catch {
    op = undefined;
  }
  if (op === undefined) throw damagedArea(area, `${id} is not JSON text`);
  const problem = problemOf(id, op, area);
  if (problem) throw damagedArea(area, problem);
  return operationSpec(id, area, op as StoredOperation, build);
}

/** One operation as the registry declares it; each schema a getter that builds it once, when first read. */
function operationSpec(id: string, area: string, stored: StoredOperation, build: (tree: SchemaTree) => unknown): OperationSpec {
  const { params: _p, query: _q, headers: _h, body: _b, response: _r, ...plain } = stored;
  const spec = { ...plain } as unknown as OperationSpec;
  for (const field of SCHEMA_FIELDS) {
    const tree = stored[field];
    if (tree === undefined) continue;
    let schema: unknown;
    Object.defineProperty(spec, field, {
      enumerable: true,
      get: () => {
        if (schema === undefined) {
          try {
            schema = build(tree);
          } catch (error) {
            if (error instanceof CorruptTree) throw damagedArea(area, `the ${field} schema of ${id} does not build: ${error.message}`);
            throw error;
          }
        }
        return schema;
      },
    });
  }
  return spec;
}

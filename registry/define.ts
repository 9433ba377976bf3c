// zod's core types accept a schema written with classic zod or zod/mini alike (see zod.ts).
import type * as z from 'zod/v4/core';
import { checkCommandNames, OPERATION_ID } from './command-names.js';
import { checkHeaderNames } from './header-params.js';
import { api } from './api.js';
import { pathTemplateProblem } from './path-template.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The error statuses an operation documents, with their meaning; or, where the spec gives no
 * statuses, what it does say (OpenAPI `default`).
 */
export type ErrorDoc = Readonly<Record<number, string>> | { readonly unlisted: string };

/**
 * One operation of the Workspace API, declared once and read by the CLI, client, mock and exports.
 * Its area (command word, OpenAPI tag) is the id's first word, declared in registry/areas.ts.
 */
export interface OperationSpec {
  method: HttpMethod;
  /** Path under the base URL, with `{param}` placeholders. */
  path: string;
  summary: string;
  /**
   * Positional arguments of the command, in order. Every path parameter must be one;
   * a name that is not a path parameter is a body field given positionally.
   */
  args: readonly string[];
  /**
   * The path parameters as a zod object, to give each its meaning (`z.describe`); absent, each is
   * a required string without one.
   */
  params?: z.$ZodType;
  /**
   * Query parameters as a zod object of strings, numbers, booleans, enums and string arrays, each
   * described; they become flags, are validated before sending and by the mock, and are exported.
   */
  query?: z.$ZodType;
  /**
   * Header parameters as a zod object keyed by the header's name in lower case (`'if-none-match'`),
   * of strings, numbers, booleans and enums, each described; each becomes a flag of its name
   * (`--if-none-match`), is validated before sending and is sent as a request header. A header svc
   * sets itself (authorization, content-type…; registry/header-params.ts) cannot be one.
   */
  headers?: z.$ZodType;
  /** Request body schema (zod); its input type is the client's body type. */
  body?: z.$ZodType;
  /**
   * The body may be left out (OpenAPI `requestBody.required: false`): a command sends one only when
   * `--body` or a body field is given, and the client only when `body` is. Absent: every call sends one.
   */
  optionalBody?: boolean;
  /** Success response schema (zod); its output type is the client's result type. */
  response: z.$ZodType;
  /**
   * What sending it does, declared for every operation, never guessed from its method: `safe`
   * only reads; `idempotent` changes state, and sending it twice has the effect of sending it once;
   * `unsafe` changes state, and sending it twice may do it twice (a create); `destructive` removes
   * or overwrites data, so a person confirms it first (a terminal asks unless `--yes`; `svc mcp`
   * asks the client's user). The MCP tool annotations are read from it.
   */
  safety: Safety;
  /**
   * Whether sending it twice has the effect of sending it once, so a lost answer may be retried.
   * Defaults by method (GET, PUT, DELETE: yes; POST, PATCH: no); a POST without side effects
   * (a preview) says `true`.
   */
  idempotent?: boolean;
  /**
   * Whether the service answers this operation 429 Too Many Requests only before applying anything
   * (RFC 6585), so that a write answered 429 may be sent again like any retryable failure. Absent:
   * as the API declares for all its operations (registry/api.ts).
   */
  throttlesBeforeApplying?: boolean;
  /** Destructive operations ask for confirmation on a terminal, and without one are refused unless `--yes`; set exactly when `safety` is `destructive`. */
  destructive?: boolean;
  /** Printed on stderr when the service answers JSON `null`; `{name}` is filled from the input. */
  nullResult?: string;
  /** Command lines shown in help and docs. */
  examples: readonly string[];
  /**
   * The service marks it deprecated (OpenAPI `deprecated: true`): it still works, and may be
   * removed. Help and `svc ops` say so, the export keeps it, and the MCP tool's description starts with it.
   */
  deprecated?: boolean;
  /** The documented success status; absent when the API documents only "a success" (OpenAPI `2XX`). */
  status?: number;
  /** The documented error responses (all in the one shape of registry/errors.ts). */
  errors?: ErrorDoc;
  /**
   * How a terminal shows the result when no `--output` or `--query` is given: `fields` (field name
   * -> label) as labelled lines, then the `html` field as readable text.
   */
  display?: { fields: Readonly<Record<string, string>>; html?: string };
  /** `--<flag> <file>` writes the response's string `field` to a file, e.g. `--save-html` for `htmlBody`. */
  saveField?: { flag: string; field: string; help: string };
  /**
   * How a list is paged when the service pages it by cursor (`--paginate` follows RFC 8288 `Link:
   * rel="next"` headers whatever this says): the answer's `next` field holds the cursor, which the
   * next request sends as the query parameter `param`; `items` names the field that holds a page's
   * items (absent: the answer is the array). Only a GET may declare one.
   */
  cursor?: PageCursor;
}

/** A list operation's cursor: see `OperationSpec.cursor`. */
export interface PageCursor {
  param: string;
  next: string;
  items?: string;
}

/** A list operation: a GET that declares a cursor or answers an array. `--paginate` applies to it. */
export function isListOperation(op: Pick<OperationSpec, 'method' | 'response' | 'cursor'>): boolean {
  if (op.method !== 'GET') return false;
  return op.cursor !== undefined || (op.response as { _zod?: { def?: { type?: string } } })._zod?.def?.type === 'array';
}

export type Operations = Record<string, OperationSpec>;

/** The safety values an operation may declare (OperationSpec.safety). */
export const SAFETY_VALUES = ['safe', 'idempotent', 'unsafe', 'destructive'] as const;
export type Safety = (typeof SAFETY_VALUES)[number];

/** Names of the `{param}` placeholders of a path, as a type. */
export type PathParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | PathParamNames<Rest> : never;

const placeholder = /\{([^{}]+)\}/g;

/** RFC 9110 §9.2.2: repeating these has the effect of sending once. */
const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/** Whether a request with this method is idempotent when nothing else is declared. */
export const isIdempotentMethod = (method: string): boolean => IDEMPOTENT_METHODS.has(method);

/** Whether an operation may be sent again after its answer was lost: declared, else by method. */
export const isIdempotent = (op: Pick<OperationSpec, 'method' | 'idempotent'>): boolean => op.idempotent ?? isIdempotentMethod(op.method);

/** Success statuses whose answer has no body at all (RFC 9110): an operation with one has no response schema to export or to serve. */
export const NO_BODY_STATUSES: ReadonlySet<number> = new Set([204, 205, 304]);

/** Whether a 429 answer to this operation says nothing was applied, so it may be sent again: declared, else as the API declares. */
export const throttlesBeforeApplying = (op: Pick<OperationSpec, 'throttlesBeforeApplying'>): boolean =>
  op.throttlesBeforeApplying ?? api.throttlesBeforeApplying;

/** The area of an operation: its id's first word (`email_drafts_get` -> `email`). */
export const areaOf = (id: string): string => id.slice(0, id.indexOf('_'));

/** The `{param}` names of a path, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(placeholder)].map((match) => match[1]!);
}

/**
 * Declares the operations of one area. Returns its input unchanged (all types flow from it) after
 * checking each declaration, and throws a sentence naming the operation at fault.
 */
export function defineOperations<const T extends Operations>(operations: T): T {
  for (const [id, op] of Object.entries(operations)) checkOperation(id, op);
  checkUnique([operations]);
  return operations;
}

/** Joins area declarations into one registry, refusing a duplicate id or method + path. */
export function combineOperations<const T extends readonly Operations[]>(...parts: T): UnionToIntersection<T[number]> {
  checkUnique(parts);
  return Object.assign({}, ...parts);
}

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

function checkOperation(id: string, op: OperationSpec): void {
  if (!OPERATION_ID.test(id)) {
    throw new Error(
      `Operation ${id}: the id must be lower-case words joined by "_", each of letters and digits with hyphens only inside, such as email_drafts_get or repos_get-content.`,
    );
  }
  const pathProblem = pathTemplateProblem(op.path);
  if (pathProblem) throw new Error(`Operation ${id}: the path ${JSON.stringify(op.path)} ${pathProblem}.`);
  const params = pathParamNames(op.path);
  for (const name of params) {
    if (!op.args.includes(name)) {
      throw new Error(`Operation ${id}: the path parameter {${name}} has no argument; add "${name}" to args.`);
    }
  }
  if (new Set(params).size !== params.length) throw new Error(`Operation ${id}: a path parameter appears twice in "${op.path}".`);
  const bodyFields = shapeNames(op.body);
  checkNamedInputs(id, op, params, bodyFields);
  for (const name of op.args) {
    if (!params.includes(name) && !bodyFields.includes(name)) {
      throw new Error(`Operation ${id}: the argument "${name}" is neither a path parameter nor a body field.`);
    }
  }
  checkSafety(id, op);
  if (op.method === 'GET' && op.body) throw new Error(`Operation ${id}: a GET operation cannot declare a body.`);
  if (op.optionalBody !== undefined && (op.optionalBody !== true || !op.body))
    throw new Error(`Operation ${id}: optionalBody is true, and only on an operation that declares a body.`);
  if (op.examples.length === 0) throw new Error(`Operation ${id}: give at least one example.`);
  if (op.deprecated !== undefined && typeof op.deprecated !== 'boolean') throw new Error(`Operation ${id}: deprecated is true or false.`);
  if (op.cursor && (op.method !== 'GET' || op.cursor.param === '' || op.cursor.next === ''))
    throw new Error(`Operation ${id}: a cursor is declared by a GET and names its query parameter and next field.`);
  if (op.saveField && !/^[a-z][a-z0-9-]*$/.test(op.saveField.flag)) {
    throw new Error(`Operation ${id}: the save flag "${op.saveField.flag}" must be kebab-case, without dashes in front.`);
  }
}

/** The declared safety agrees with `destructive` and with whether the operation may be repeated. */
export function checkSafety(id: string, op: OperationSpec): void {
  const safety = (op as { safety?: unknown }).safety;
  if (!SAFETY_VALUES.includes(safety as Safety)) {
    throw new Error(
      `Operation ${id}: declare its safety as one of ${SAFETY_VALUES.join(', ')} (it is ${safety === undefined ? 'missing' : JSON.stringify(safety)}).`,
    );
  }
  if ((op.destructive === true) !== (safety === 'destructive'))
    throw new Error(`Operation ${id}: destructive: true goes with safety "destructive", and only with it.`);
  if (safety === 'destructive') {
    if (op.idempotent === undefined) throw new Error(`Operation ${id}: a destructive operation says whether it is idempotent (idempotent: true or false).`);
  } else if (isIdempotent(op) !== (safety !== 'unsafe')) {
    throw new Error(
      `Operation ${id}: safety "${safety}" says it ${safety === 'unsafe' ? 'may not' : 'may'} be repeated, but it is ${isIdempotent(op) ? '' : 'not '}idempotent; declare idempotent: ${safety !== 'unsafe'}.`,
    );
  }
}

function shapeNames(schema: z.$ZodType | undefined): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

/** `params` names exactly the path's parameters; a query or header parameter shares no name with another input. */
function checkNamedInputs(id: string, op: OperationSpec, params: string[], bodyFields: string[]): void {
  if (op.params) {
    const declared = shapeNames(op.params);
    if (declared.join() !== params.join())
      throw new Error(`Operation ${id}: params declares ${declared.join(', ') || 'nothing'}, the path has ${params.join(', ') || 'no parameter'}.`);
  }
  for (const name of shapeNames(op.query)) {
    if (params.includes(name) || bodyFields.includes(name)) throw new Error(`Operation ${id}: the query parameter "${name}" has the name of another input.`);
  }
  if (op.query && !shapeNames(op.query).length) throw new Error(`Operation ${id}: query must be a zod object with at least one parameter.`);
  if (op.headers && !shapeNames(op.headers).length) throw new Error(`Operation ${id}: headers must be a zod object with at least one header parameter.`);
  checkHeaderNames(id, shapeNames(op.headers), [...params, ...shapeNames(op.query), ...bodyFields]);
}

function checkUnique(parts: readonly Operations[]): void {
  const ids = new Set<string>();
  const routes = new Map<string, string>();
  for (const part of parts) {
    for (const [id, op] of Object.entries(part)) {
      if (ids.has(id)) throw new Error(`Operation ${id} is declared twice.`);
      ids.add(id);
      const route = `${op.method} ${op.path.replace(placeholder, '{}')}`;
      const other = routes.get(route);
      if (other) throw new Error(`Operation ${id} has the same method and path as ${other}: ${op.method} ${op.path}.`);
      routes.set(route, id);
    }
  }
  checkCommandNames(ids);
}

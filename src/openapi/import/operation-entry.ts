import type { HttpMethod } from '../../../registry/define.js';
import type { FieldRule } from '../../../registry/rules.js';
import { bodySource, responseSource } from './content.js';
import { areaName, operationIdFor } from './names.js';
import { headerSource, paramsSource, parametersOf, querySource } from './parameters.js';
import type { ImportReport } from './report.js';
import { safetyOf, type SafetyDecision } from './safety.js';
import type { SchemaWriter } from './schema-source.js';
import type { SchemaTree } from './schema-tree.js';
import { readSvcMarks, type SvcMarks } from './svc-marks.js';

type Node = Record<string, unknown>;

/** One operation of the description, mapped: the parts of its registry entry, its schemas as trees (schema-tree.ts). */
export interface Entry extends Omit<SvcMarks, 'rules' | 'args' | 'examples'> {
  id: string;
  area: string;
  /** The tag the area came from (its description is the area's summary). */
  tag?: string;
  method: HttpMethod;
  path: string;
  summary: string;
  args: string[];
  params?: SchemaTree;
  query?: SchemaTree;
  headers?: SchemaTree;
  body?: SchemaTree;
  /** The description makes the body optional (`requestBody.required` is not true). */
  optionalBody?: true;
  response: SchemaTree;
  safety: SafetyDecision;
  examples: string[];
  status?: number;
  errors?: Record<string, string> | { unlisted: string };
  /** The description marks it deprecated: help, `svc ops` and the MCP tool say so. */
  deprecated?: true;
  /** `// review:` comments written above the entry. */
  reviews: string[];
}

export const METHODS: Record<string, HttpMethod> = { get: 'GET', put: 'PUT', post: 'POST', delete: 'DELETE', patch: 'PATCH' };

/** Where an operation sits in the description. */
export interface Located {
  path: string;
  method: string;
  pathItem: Node;
  operation: Node;
  where: { pathItem: string; operation: string };
}

/** Where an operation goes: its area (`source` is the area's name from its tag, before --rename), tag and id. */
export interface Identity {
  area: string;
  source: string;
  tag?: string;
  id: string;
}

/** `--rename`: an area's name from its tag -> the name it takes in svc. */
export type Renames = ReadonlyMap<string, string>;
const NO_RENAMES: Renames = new Map();

/** The area and id an operation maps to, before the rest is mapped (for --areas, the conflict checks and mapOperation). */
export function identify(located: Located, renames: Renames = NO_RENAMES): Identity {
  const tags = located.operation.tags;
  const tag = Array.isArray(tags) && typeof tags[0] === 'string' ? tags[0] : undefined;
  const source = areaName(tag ?? located.path.split('/').find((segment) => segment !== '' && !segment.startsWith('{')) ?? '');
  const area = renames.get(source) ?? source;
  const operationId = typeof located.operation.operationId === 'string' ? located.operation.operationId : undefined;
  return { area, source, ...(tag === undefined ? {} : { tag }), id: operationIdFor(area, tag, operationId, located.method, located.path, source) };
}

/** Maps one operation; what it cannot map exactly goes to the report, charged to its id. */
export function mapOperation(
  document: Node,
  located: Located,
  identity: Identity,
  writer: SchemaWriter,
  rules: { current: FieldRule[] },
  report: ImportReport,
): Entry {
  const { area, tag, id } = identity;
  report.current = id;
  const { operation, where } = located;
  const method = METHODS[located.method]!;
  if (tag === undefined) report.add('tags', `none: the area is named from the path (${area})`, where.operation);
  reportOperation(operation, located.pathItem, where, report);
  const marks = readSvcMarks(operation, report, where.operation);
  rules.current = marks.rules ?? [];
  const parameters = parametersOf(document, located.pathItem, operation, where, report);
  for (const parameter of parameters.filter((item) => item.in === 'cookie'))
    report.add('cookie parameter', `${JSON.stringify(parameter.name)}: left out; send it with svc api`, parameter.where);
  const params = paramsSource(located.path, parameters, report);
  let body = bodySource(document, operation, where.operation, writer, report);
  if (method === 'GET' && body.source !== undefined) {
    report.add('request body', 'a GET cannot send a body in svc: left out', `${where.operation}/requestBody`);
    body = { fields: [] };
  }
  const query = querySource(document, parameters, [...params.names, ...body.fields], writer, report);
  const headers = headerSource(document, parameters, [...params.names, ...body.fields, ...query.names], writer, report);
  const response = responseSource(document, operation, where.operation, writer, report);
  const safety = safetyOf(operation, method);
  const reviews: string[] = [];
  if (safety.guessed) {
    reviews.push(`review: ${safety.guessed}; declare x-svc-safety in the description`);
    report.add('safety', `${safety.guessed}; declare x-svc-safety in the description`, where.operation);
  }
  const { rules: _rules, args: declaredArgs, examples: declaredExamples, ...display } = marks;
  const args = checkedArgs(declaredArgs, params.names, body.fields, report, where.operation);
  return {
    id,
    area,
    ...(tag === undefined ? {} : { tag }),
    method,
    path: located.path,
    summary: summaryOf(operation, method, located.path, report, where.operation),
    args,
    ...(params.source ? { params: params.source } : {}),
    ...(query.source ? { query: query.source } : {}),
    ...(headers ? { headers } : {}),
    ...(body.source ? { body: body.source } : {}),
    ...(body.source && body.optional ? { optionalBody: true as const } : {}),
    response: response.source,
    safety,
    examples: declaredExamples?.map((example) => renamedExample(example, identity)) ?? [exampleOf(id, params.names, parameters)],
    ...(response.status === undefined ? {} : { status: response.status }),
    ...(response.errors ? { errors: response.errors } : {}),
    ...display,
    ...(operation.deprecated === true ? { deprecated: true as const } : {}),
    reviews,
  };
}

/** What an operation says that a registry entry does not hold. */
function reportOperation(operation: Node, pathItem: Node, where: Located['where'], report: ImportReport): void {
  if (operation.callbacks !== undefined) report.add('callbacks', 'not imported: svc makes requests, it does not receive them', `${where.operation}/callbacks`);
  const security = operation.security;
  if (
    Array.isArray(security) &&
    (security.length === 0 || security.some((item) => item !== null && typeof item === 'object' && Object.keys(item).length === 0))
  ) {
    report.add('security', 'the operation needs no credential: svc sends its credential anyway', `${where.operation}/security`);
  }
  for (const [node, at] of [
    [operation, where.operation],
    [pathItem, where.pathItem],
  ] as const) {
    if (Array.isArray(node.servers) && node.servers.length > 0) report.add('servers', 'not kept: svc sends to its configured base URL', `${at}/servers`);
  }
}

/** `x-svc-args` when it names every path parameter and only path parameters and body fields; else the path parameters in order. */
function checkedArgs(declared: string[] | undefined, names: string[], fields: string[], report: ImportReport, where: string): string[] {
  if (!declared) return names;
  if (names.every((name) => declared.includes(name)) && declared.every((name) => names.includes(name) || fields.includes(name))) return declared;
  report.add('x-svc-args', 'does not name every path parameter, or names something else: the path parameters are the arguments', `${where}/x-svc-args`);
  return names;
}

function summaryOf(operation: Node, method: string, path: string, report: ImportReport, where: string): string {
  for (const key of ['summary', 'description']) {
    const text = operation[key];
    if (typeof text === 'string' && text.trim() !== '') {
      const line = text
        .trim()
        .split(/\n\s*\n/)[0]!
        .replace(/\s+/g, ' ');
      if (key === 'description') report.add('summary', 'none: the first paragraph of the description is the summary', where);
      return line;
    }
  }
  report.add('summary', 'none: the method and path are the summary', where);
  return `${method} ${path}`;
}

/** A declared example of an area imported under another name (`--rename`) calls it by that name: `svc campaigns …` -> `svc vault …`. */
function renamedExample(example: string, { area, source }: Identity): string {
  return area !== source && example.startsWith(`svc ${source} `) ? `svc ${area} ${example.slice(`svc ${source} `.length)}` : example;
}

/** `svc repos get-content OWNER REPO PATH`: the command words and each path parameter, by its example when it is plain. */
function exampleOf(id: string, names: string[], parameters: { name: string; in: string; node: Record<string, unknown> }[]): string {
  const values = names.map((name) => {
    const example = parameters.find((parameter) => parameter.in === 'path' && parameter.name === name)?.node.example;
    if (typeof example === 'string' && /^[\w.@:+-]{1,60}$/.test(example)) return example;
    return (
      name
        .replace(/[^A-Za-z0-9]+/g, '_')
        .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
        .toUpperCase() || 'VALUE'
    );
  });
  return ['svc', ...id.split('_'), ...values].join(' ');
}

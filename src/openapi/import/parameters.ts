import { pathParamNames } from '../../../registry/define.js';
import { flagOf, HEADER_NAME, RESERVED_HEADER_NAMES } from '../../../registry/header-params.js';
import { dataLiteral, literal } from './names.js';
import { resolveObject } from './refs.js';
import type { ImportReport } from './report.js';
import type { JsonSchema, SchemaWriter } from './schema-source.js';
import { call, type SchemaTree, value, withChecks } from './schema-tree.js';

type Node = Record<string, unknown>;

/** A parameter of the description, resolved, with the pointer it was found at. */
export interface Parameter {
  name: string;
  in: string;
  required: boolean;
  description?: string;
  schema: JsonSchema;
  node: Node;
  where: string;
}

/** The parameters of an operation: the path item's, overridden by the operation's of the same name and location. */
export function parametersOf(
  document: Node,
  pathItem: Node,
  operation: Node,
  where: { pathItem: string; operation: string },
  report: ImportReport,
): Parameter[] {
  const found = new Map<string, Parameter>();
  for (const [list, at] of [
    [pathItem.parameters, `${where.pathItem}/parameters`],
    [operation.parameters, `${where.operation}/parameters`],
  ] as const) {
    if (!Array.isArray(list)) continue;
    list.forEach((item, index) => {
      const node = resolveObject(document, item);
      if (!node || typeof node.name !== 'string' || typeof node.in !== 'string')
        return report.add('parameter', 'without a name or location: left out', `${at}/${index}`);
      const schema = (node.schema ?? (node.content ? undefined : {})) as JsonSchema | undefined;
      if (schema === undefined)
        return report.add('parameter content', `parameter ${literal(node.name)} is described by "content", not "schema": left out`, `${at}/${index}`);
      const description = typeof node.description === 'string' && node.description.trim() !== '' ? node.description.trim() : undefined;
      found.set(`${node.in} ${node.name}`, {
        name: node.name,
        in: node.in,
        required: node.required === true,
        ...(description ? { description } : {}),
        schema,
        node,
        where: `${at}/${index}`,
      });
    });
  }
  return [...found.values()];
}

/** `z.strictObject({ … })` of a parameter object: keys as the importer has always written them. */
const parameterObject = (fields: [string, SchemaTree][], keys: 'parameter' | 'quoted' = 'parameter'): SchemaTree =>
  call('strictObject', { shape: fields, keys });

/** The path parameters in path order, each described, as the registry's `params` object (text values: a path holds text). */
export function paramsSource(path: string, parameters: Parameter[], report: ImportReport): { names: string[]; source?: SchemaTree } {
  const names = pathParamNames(path);
  const declared = parameters.filter((parameter) => parameter.in === 'path');
  for (const parameter of declared)
    if (!names.includes(parameter.name)) report.add('path parameter', `${literal(parameter.name)} is not in the path: left out`, parameter.where);
  const fields = names.map((name): [string, SchemaTree] => {
    const description = declared.find((parameter) => parameter.name === name)?.description;
    return [name, description ? withChecks(call('string'), [call('describe', value(description))]) : call('string')];
  });
  const described = names.some((name) => declared.find((parameter) => parameter.name === name)?.description);
  return { names, ...(described ? { source: parameterObject(fields) } : {}) };
}

const SCALARS = new Set(['string', 'number', 'integer', 'boolean']);

/** The JSON type of a (resolved) schema, ignoring "null" in a 3.1 type list. */
function typeOf(document: Node, schema: JsonSchema): string | undefined {
  const node = typeof schema === 'object' ? resolveObject(document, schema) : undefined;
  if (!node) return undefined;
  if (Array.isArray(node.enum) && node.enum.every((value) => typeof value === 'string')) return 'string';
  const types = (Array.isArray(node.type) ? node.type : [node.type]).filter((type) => type !== 'null');
  return types.length === 1 && typeof types[0] === 'string' ? types[0] : undefined;
}

/**
 * A query parameter that is one string or a list of strings (`oneOf`/`anyOf` of the two, as GitHub's
 * `fields`): a list of strings, whose flag repeats. One value is `name=value`, which the string
 * allows; several are `name=a&name=b`, the list's form. Each item is any string, the looser of the
 * two branches, so no value the description allows is refused; the list's maxItems is kept.
 */
function stringOrList(document: Node, schema: JsonSchema): JsonSchema | undefined {
  const node = typeof schema === 'object' ? resolveObject(document, schema) : undefined;
  const branches = node && (Array.isArray(node.oneOf) ? node.oneOf : Array.isArray(node.anyOf) ? node.anyOf : undefined);
  if (!branches || branches.length !== 2) return undefined;
  const array = branches.map((branch) => resolveObject(document, branch)).find((branch) => branch && typeOf(document, branch as JsonSchema) === 'array');
  const other = branches.find((branch) => resolveObject(document, branch) !== array);
  if (!array || typeOf(document, other as JsonSchema) !== 'string' || typeOf(document, (array.items ?? {}) as JsonSchema) !== 'string') return undefined;
  const description = typeof node.description === 'string' ? { description: node.description } : {};
  const maxItems = typeof array.maxItems === 'number' ? { maxItems: array.maxItems } : {};
  return { type: 'array', items: { type: 'string' }, ...maxItems, ...description } as JsonSchema;
}

/**
 * The query parameters as the registry's `query` object: strings, numbers, integers, booleans,
 * enums, arrays of strings, and one string or a list of them map; any other shape is left out and reported, as is a name taken by
 * another input (a path parameter or a body field).
 */
export function querySource(
  document: Node,
  parameters: Parameter[],
  taken: string[],
  writer: SchemaWriter,
  report: ImportReport,
): { source?: SchemaTree; names: string[] } {
  const fields: [string, SchemaTree][] = [];
  const names: string[] = [];
  for (const parameter of parameters.filter((item) => item.in === 'query')) {
    if (taken.includes(parameter.name)) {
      report.add('query parameter name', `${literal(parameter.name)} is also the name of a path parameter or body field: left out`, parameter.where);
      continue;
    }
    const list = stringOrList(document, parameter.schema);
    if (list) {
      fields.push([parameter.name, optional(describedExpression({ ...parameter, schema: list }, writer), parameter.required)]);
      names.push(parameter.name);
      continue;
    }
    const type = typeOf(document, parameter.schema);
    const resolved = typeof parameter.schema === 'object' ? resolveObject(document, parameter.schema) : undefined;
    const itemType = type === 'array' && resolved ? typeOf(document, (resolved.items ?? {}) as JsonSchema) : undefined;
    if (!(type && SCALARS.has(type)) && !(type === 'array' && itemType === 'string')) {
      report.add(
        'query parameter type',
        `${literal(parameter.name)} is ${type === 'array' ? `an array of ${itemType ?? 'mixed values'}` : (type ?? 'not one type')}: left out; send it with svc api`,
        parameter.where,
      );
      continue;
    }
    if (parameter.node.style !== undefined && parameter.node.style !== 'form')
      report.add('query parameter style', `${literal(parameter.name)} has style ${dataLiteral(parameter.node.style)}: sent as name=value`, parameter.where);
    if (type === 'array' && parameter.node.explode === false)
      report.add('query parameter style', `${literal(parameter.name)} has explode: false: sent as repeated name=value`, parameter.where);
    fields.push([parameter.name, optional(describedExpression(parameter, writer), parameter.required)]);
    names.push(parameter.name);
  }
  return { ...(fields.length > 0 ? { source: parameterObject(fields) } : {}), names };
}

/**
 * The header parameters as the registry's `headers` object, keyed by the name in lower case:
 * strings, numbers, integers, booleans and enums map. Left out and reported: another shape, a
 * header svc sets itself (authorization, content-type…), a name that is not lower-case words
 * joined by hyphens, and a name or flag another input already has.
 */
export function headerSource(document: Node, parameters: Parameter[], taken: string[], writer: SchemaWriter, report: ImportReport): SchemaTree | undefined {
  const fields: [string, SchemaTree][] = [];
  const used = new Set([...taken, ...taken.map(flagOf)]);
  for (const parameter of parameters.filter((item) => item.in === 'header')) {
    const name = parameter.name.toLowerCase();
    const type = typeOf(document, parameter.schema);
    let why: string | undefined;
    if (RESERVED_HEADER_NAMES.has(name)) why = 'is a header svc sets itself';
    else if (!HEADER_NAME.test(name)) why = 'is not a name svc can give as a flag';
    else if (used.has(name)) why = 'has the name or flag of another input';
    else if (!(type && SCALARS.has(type))) why = `is ${type ?? 'not one type'}`;
    if (why) {
      report.add('header parameter', `${literal(parameter.name)} ${why}: left out; send it with svc api -H`, parameter.where);
      continue;
    }
    used.add(name);
    fields.push([name, optional(describedExpression(parameter, writer), parameter.required)]);
  }
  return fields.length > 0 ? parameterObject(fields, 'quoted') : undefined;
}

/** A parameter's schema as zod, with the parameter's meaning when its schema has none of its own. */
export function describedExpression(parameter: Parameter, writer: SchemaWriter): SchemaTree {
  const schema = parameter.schema;
  const own = typeof schema === 'object' && typeof schema.description === 'string';
  if (!parameter.description || own || typeof schema !== 'object' || schema.$ref !== undefined) {
    const tree = writer.tree(schema, 'request', `${parameter.where}/schema`);
    return parameter.description && !own ? withChecks(tree, [call('describe', value(parameter.description))]) : tree;
  }
  return writer.tree({ ...schema, description: parameter.description }, 'request', `${parameter.where}/schema`);
}

const optional = (tree: SchemaTree, required: boolean): SchemaTree => (required ? tree : call('optional', tree));

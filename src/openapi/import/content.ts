import { literal } from './names.js';
import { resolveObject } from './refs.js';
import type { ImportReport } from './report.js';
import type { JsonSchema, SchemaWriter } from './schema-source.js';
import { call, type SchemaTree } from './schema-tree.js';

type Node = Record<string, unknown>;

const isJsonType = (type: string): boolean => /^application\/([\w.+-]*\+)?json\s*(;.*)?$/i.test(type);
const escape = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** The JSON media type of a content map and its schema (the first JSON one); the others reported. */
function jsonContent(content: unknown, where: string, what: string, report: ImportReport): { schema: JsonSchema; where: string } | undefined {
  if (content === null || typeof content !== 'object') return undefined;
  const types = Object.keys(content);
  const json = types.find(isJsonType);
  const others = types.filter((type) => type !== json);
  if (others.length > 0)
    report.add('content type', `${what} also comes as ${others.map(literal).join(', ')}: ${json ? `only ${json} is kept` : 'not kept'}`, `${where}/content`);
  if (json === undefined) return undefined;
  const media = (content as Record<string, Node>)[json];
  return { schema: (media?.schema ?? {}) as JsonSchema, where: `${where}/content/${escape(json)}/schema` };
}

export interface BodyParts {
  source?: SchemaTree;
  /** The object body's property names, which may be given as flags. */
  fields: string[];
  /** The description makes the body optional: a call sends it only when given. */
  optional?: boolean;
}

/** The request body: its JSON content as zod (an at-least-one rule as `atLeastOneOf`, by the schema writer), an object's properties as fields. */
export function bodySource(document: Node, operation: Node, where: string, writer: SchemaWriter, report: ImportReport): BodyParts {
  const requestBody = resolveObject(document, operation.requestBody);
  if (!requestBody) return { fields: [] };
  const content = jsonContent(requestBody.content, `${where}/requestBody`, 'the request body', report);
  if (!content) {
    report.add('request body', 'has no JSON content: the command sends no body; send one with svc api', `${where}/requestBody`);
    return { fields: [] };
  }
  const resolved = typeof content.schema === 'object' ? resolveObject(document, content.schema) : undefined;
  const properties = resolved && resolved.properties !== null && typeof resolved.properties === 'object' ? Object.keys(resolved.properties) : [];
  return { source: writer.tree(content.schema, 'request', content.where), fields: properties, optional: requestBody.required !== true };
}

export interface ResponseParts {
  source: SchemaTree;
  status?: number;
  errors?: Record<string, string> | { unlisted: string };
}

const ERROR_SHAPE = '#/components/schemas/ErrorBody';
/** The shared error response svc's export gives an operation that documents no error status: nothing to keep. */
const SHARED_ERROR_RESPONSE = '#/components/responses/Error';

/**
 * The success answer (the 2xx JSON response; the status kept when one is documented) and the
 * documented errors with their meanings (`default` alone: `unlisted`), reporting what else the
 * responses say.
 */
export function responseSource(document: Node, operation: Node, where: string, writer: SchemaWriter, report: ImportReport): ResponseParts {
  const responses = resolveObject(document, operation.responses) ?? {};
  const at = `${where}/responses`;
  const success = Object.keys(responses).filter((code) => /^2(\d\d|XX)$/i.test(code));
  let source: SchemaTree | undefined;
  for (const code of success) {
    const response = resolveObject(document, responses[code]) ?? {};
    if (response.headers !== undefined) report.add('response headers', `the ${code} response's headers are not kept`, `${at}/${code}/headers`);
    if (response.links !== undefined) report.add('response links', `the ${code} response's links are not kept`, `${at}/${code}/links`);
    const content = jsonContent(response.content, `${at}/${escape(code)}`, `the ${code} response`, report);
    if (content && source === undefined) source = writer.tree(content.schema, 'response', content.where);
    else if (content) report.add('several success responses', `the ${code} response's schema is not kept (the first success response's is)`, content.where);
  }
  if (success.length === 0) report.add('success response', 'none documented: the answer is not checked', at);
  const numeric = success.filter((code) => /^\d+$/.test(code));
  const status = success.length === 1 && numeric.length === 1 ? Number(numeric[0]) : undefined;
  return { source: source ?? call('unknown'), ...(status === undefined ? {} : { status }), ...errorsOf(document, responses, at, report) };
}

function errorsOf(document: Node, responses: Node, at: string, report: ImportReport): Pick<ResponseParts, 'errors'> {
  const listed: Record<string, string> = {};
  let unlisted: string | undefined;
  let ownShape = true;
  for (const [code, value] of Object.entries(responses)) {
    if (/^2(\d\d|XX)$/i.test(code) || (code === 'default' && (value as Node | undefined)?.$ref === SHARED_ERROR_RESPONSE)) continue;
    const response = resolveObject(document, value) ?? {};
    const meaning = typeof response.description === 'string' && response.description.trim() !== '' ? response.description.trim() : `HTTP ${code}`;
    const schema = (response.content as Record<string, Node> | undefined)?.['application/json']?.schema as Node | undefined;
    if (schema && schema.$ref !== ERROR_SHAPE) ownShape = false;
    if (/^[45]\d\d$/.test(code)) listed[code] = meaning;
    else if (code === 'default') unlisted = meaning;
    else report.add('response status', `${code} is not kept (the registry lists 4xx and 5xx statuses)`, `${at}/${escape(code)}`);
  }
  if (!ownShape) report.add('error body schema', 'not kept: every error is read in the one error shape of the registry', at);
  if (Object.keys(listed).length > 0) {
    if (unlisted !== undefined) report.add('default response', 'not kept beside the listed error statuses', `${at}/default`);
    return { errors: listed };
  }
  return unlisted === undefined ? {} : { errors: { unlisted } };
}

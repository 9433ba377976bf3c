// An independent check of a request against an OpenAPI 3.0/3.1 description: ajv (draft-07 for
// 3.0, 2020-12 for 3.1) and ajv-formats over the description's own parameter and body schemas,
// never svc's zod. It answers whether `svc … --dry-run` built a request the description allows:
// the method and path name an operation, each path, query and header parameter is described and
// valid, none required is missing, and the JSON body is valid (or absent where none is taken).
import Ajv from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { readFromDryRun } from './dry-run-text.mjs';
import { requestSchemas } from './request-schemas.mjs';

const DOC = 'openapi.json';
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

/** JSON pointer segments, escaped for a `$ref` fragment. */
export const pointer = (...segments) => segments.map((s) => `/${encodeURIComponent(String(s).replace(/~/g, '~0').replace(/\//g, '~1'))}`).join('');

/** The validator for a description, given as JSON text (parsed twice: ajv's copy is changed, see request-schemas.mjs). */
export function createRequestValidator(text) {
  const document = JSON.parse(text);
  const version = String(document.openapi ?? '');
  if (!/^3\.[01]\./.test(version)) throw new Error(`not an OpenAPI 3.0 or 3.1 description (openapi: ${version || 'absent'})`);
  const AjvClass = version.startsWith('3.1.') ? Ajv2020 : Ajv;
  const ajv = new AjvClass({ strict: false, allErrors: true, validateSchema: false, logger: false });
  addFormats(ajv);
  // OpenAPI's own formats (ajv-formats knows JSON Schema's); others (e.g. GitHub's `repo.nwo`) are not checked.
  ajv.addFormat('int32', { type: 'number', validate: (n) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31 });
  ajv.addFormat('int64', { type: 'number', validate: (n) => Number.isInteger(n) });
  for (const name of ['float', 'double']) ajv.addFormat(name, { type: 'number', validate: () => true });
  for (const name of ['binary', 'byte', 'password']) ajv.addFormat(name, true);
  ajv.addSchema(requestSchemas(JSON.parse(text), version), DOC);
  const operations = operationTable(document);
  const validatorAt = (at) => {
    const validate = ajv.getSchema(`${DOC}#${at}`);
    if (!validate) throw new Error(`no schema at ${at}`);
    return validate;
  };
  const context = { document, validatorAt, messages: (validate) => (validate.errors ?? []).map((e) => `${e.instancePath || '(value)'} ${e.message}`) };
  return {
    operations,
    /** The request `svc --dry-run` printed, checked: `{ operationId, errors }` (no errors: valid). */
    check(dryRunText, { baseUrl }) {
      const request = readFromDryRun(dryRunText, baseUrl);
      if (request.error) return { operationId: undefined, errors: [request.error] };
      const operation = matchOperation(operations, request.method, request.path);
      if (!operation) return { operationId: undefined, errors: [`no operation of the description is ${request.method} ${request.path}`] };
      return { operationId: operation.id, errors: requestErrors(context, operation, request) };
    },
  };
}

/** Every operation: id, method, path, a matcher, its parameters (merged with its path's) and its body. */
function operationTable(document) {
  const table = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const at = pointer('paths', path, method);
      const params = new Map();
      for (const [list, base] of [
        [item.parameters, pointer('paths', path, 'parameters')],
        [op.parameters, `${at}/parameters`],
      ]) {
        (list ?? []).forEach((entry, index) => {
          const { value, at: paramAt } = follow(document, entry, `${base}/${index}`);
          params.set(`${value.in}:${value.name}`, { ...value, at: paramAt });
        });
      }
      table.push({
        id: op.operationId ?? `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        matcher: pathMatcher(path),
        params: [...params.values()],
        body: bodyOf(document, op, at),
      });
    }
  }
  return table;
}

/** The value at a fragment pointer (as `pointer` writes it, or a `$ref`'s fragment). */
export const valueAt = (document, at) =>
  at
    .split('/')
    .slice(1)
    .reduce((node, segment) => node?.[decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~')], document);

/** `$ref`s followed inside the document: the value and the fragment pointer where it lives. */
export function follow(document, value, at) {
  for (let hops = 0; value && typeof value === 'object' && typeof value.$ref === 'string'; hops++) {
    if (!value.$ref.startsWith('#') || hops > 100) throw new Error(`cannot follow $ref ${value.$ref} at ${at}`);
    at = value.$ref.slice(1);
    value = valueAt(document, at);
  }
  return { value, at };
}

/** The request body the operation takes: required or not, its JSON schema's pointer (if JSON), every media type. */
function bodyOf(document, op, at) {
  if (!op.requestBody) return undefined;
  const { value, at: bodyAt } = follow(document, op.requestBody, `${at}/requestBody`);
  const types = Object.keys(value.content ?? {});
  const json = types.find((type) => /^application\/(?:[\w.-]+\+)?json(?:;|$)/.test(type));
  return {
    required: value.required === true,
    types,
    schemaAt: json && value.content[json].schema ? `${bodyAt}${pointer('content', json, 'schema')}` : undefined,
  };
}

/** A regular expression for a path template; a literal segment ranks above one mixing text and parameters, which ranks above a parameter alone. */
function pathMatcher(template) {
  const segments = template.split('/').slice(1);
  const names = [];
  const source = segments.map((segment) =>
    segment.replace(/\{([^}]+)\}|[^{]+/g, (part, name) => {
      if (name === undefined) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(name);
      return '([^/]+)';
    }),
  );
  const rank = segments.map((segment) => (!segment.includes('{') ? '0' : /^\{[^}]+\}$/.test(segment) ? '2' : '1')).join('');
  return { regex: new RegExp(`^/${source.join('/')}$`), names, rank };
}

/** The operation for a method and path, a literal segment winning over a parameter (OpenAPI's rule). */
export function matchOperation(operations, method, path) {
  const found = operations.filter((op) => op.method === method && op.matcher.regex.test(path));
  found.sort((a, b) => (a.matcher.rank < b.matcher.rank ? -1 : a.matcher.rank > b.matcher.rank ? 1 : 0));
  return found[0];
}

function requestErrors(context, operation, request) {
  const errors = [];
  const pathValues = operation.matcher.regex.exec(request.path).slice(1);
  const given = {
    path: new Map(operation.matcher.names.map((name, i) => [name, [decodeURIComponent(pathValues[i])]])),
    query: groupQuery(request.query),
    header: new Map(Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), [value]])),
  };
  for (const name of given.query.keys())
    if (!operation.params.some((p) => p.in === 'query' && p.name === name)) errors.push(`query parameter ${name} is not described`);
  for (const name of operation.matcher.names)
    if (!operation.params.some((p) => p.in === 'path' && p.name === name)) errors.push(`path parameter ${name} is not described`);
  for (const param of operation.params) {
    if (param.in === 'cookie') continue;
    const values = given[param.in].get(param.in === 'header' ? param.name.toLowerCase() : param.name);
    if (!values) {
      if (param.required) errors.push(`${param.in} parameter ${param.name} is required but missing`);
      continue;
    }
    errors.push(...paramErrors(context, param, values).map((message) => `${param.in} parameter ${param.name}: ${message}`));
  }
  errors.push(...bodyErrors(context, operation.body, request));
  return errors;
}

const groupQuery = (params) => {
  const grouped = new Map();
  for (const [name, value] of params) grouped.set(name, [...(grouped.get(name) ?? []), value]);
  return grouped;
};

/** Text from the wire read as the schema would have it: a string, else a number, boolean or null that is valid. */
function readScalar(text, validate) {
  const readings = [text];
  if (/^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(text)) readings.push(Number(text));
  if (text === 'true' || text === 'false') readings.push(text === 'true');
  if (text === 'null') readings.push(null);
  // None valid: the most typed reading, so the error says what is wrong with the value (`must be >= 1`, not `must be integer`).
  return readings.find((reading) => validate(reading)) ?? readings.at(-1);
}

function paramErrors(context, param, values) {
  if (!param.schema) return [];
  const { value: schema, at } = follow(context.document, param.schema, `${param.at}/schema`);
  const validate = context.validatorAt(at);
  if (schema.type === 'array') {
    const style = param.style ?? (param.in === 'query' ? 'form' : 'simple');
    const explode = param.explode ?? style === 'form';
    const texts = explode ? values : values.flatMap((v) => v.split(','));
    const items = schema.items ? context.validatorAt(follow(context.document, schema.items, `${at}/items`).at) : () => true;
    return validate(texts.map((text) => readScalar(text, items))) ? [] : context.messages(validate);
  }
  if (values.length > 1) return [`given ${values.length} times`];
  return validate(readScalar(values[0], validate)) ? [] : context.messages(validate);
}

function bodyErrors(context, body, request) {
  if (request.body === undefined) return body?.required ? [`the operation requires a body (${body.types.join(', ')}); none was sent`] : [];
  if (!body) return ['a body was sent, but the operation takes none'];
  if (!body.schemaAt) return [`a JSON body was sent, but the operation takes ${body.types.join(', ')}`];
  const type = request.headers['content-type'] ?? '';
  if (!/^application\/(?:[\w.-]+\+)?json(?:;|$)/.test(type)) return [`the body is sent as "${type}", not JSON`];
  const validate = context.validatorAt(body.schemaAt);
  return validate(request.body) ? [] : context.messages(validate).map((message) => `body ${message}`);
}

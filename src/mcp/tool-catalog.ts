import { createHash } from 'node:crypto';
import { type $ZodType, toJSONSchema } from 'zod/v4/core';
import { type OperationSpec, type Operations, checkSafety, isIdempotent } from '../../registry/define.js';
import { rulesOf, ruleText } from '../../registry/rules.js';
import { canWait } from '../input/wait-flags.js';
import { WAIT_ARGUMENT, waitArgumentSchema, waitOutputSchema } from './tool-wait.js';

export type JsonSchema = Record<string, unknown>;

/** A zod schema as JSON Schema (draft 2020-12, MCP's default dialect, so without `$schema`). */
function jsonSchemaOf(schema: $ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** The MCP tool annotations, all four always set, read from the operation's declared safety. */
export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: false;
}

/** One tool as `tools/list` shows it. */
export interface ToolDefinition {
  name: string;
  description: string;
  inputSchema: JsonSchema;
  outputSchema: JsonSchema;
  annotations: ToolAnnotations;
}

/** Where each argument of a tool goes in the request. */
export interface ArgumentPlaces {
  path: readonly string[];
  query: readonly string[];
  /** Header parameters, each an argument of its lower-case name. */
  header: readonly string[];
  body: readonly string[];
  /** The whole body is the argument of this name (a body that is not an object of fields). */
  wholeBody?: string;
  /** The tool takes `wait` (src/mcp/tool-wait.ts): its operation is safe to repeat, and has no input of that name. */
  wait?: true;
}

/** A tool and the operation it calls. */
export interface OperationTool {
  id: string;
  op: OperationSpec;
  tool: ToolDefinition;
  places: ArgumentPlaces;
}

const TOOL_NAME = /^[A-Za-z0-9._-]{1,64}$/;

const SAFETY_WORDS: Record<OperationSpec['safety'], string> = {
  safe: 'Reads only.',
  idempotent: 'Changes data; calling it again has the same effect.',
  unsafe: 'Changes data; each call applies again, so it is never resent once sent.',
  destructive: 'Destructive: removes or overwrites data; the user confirms each call.',
};

/** The annotations of an operation, from its declared safety alone (never from its HTTP method). */
export function annotationsOf(id: string, op: OperationSpec): ToolAnnotations {
  checkSafety(id, op);
  return { readOnlyHint: op.safety === 'safe', destructiveHint: op.safety === 'destructive', idempotentHint: isIdempotent(op), openWorldHint: false };
}

/** One tool per operation, in id order; throws a sentence naming the operation it cannot serve. */
export function operationTools(operations: Operations): OperationTool[] {
  const tools = Object.keys(operations)
    .sort()
    .map((id) => operationTool(id, operations[id]!));
  const named = new Map<string, string>();
  for (const { id, tool } of tools) {
    const other = named.get(tool.name);
    if (other !== undefined) throw new Error(`Operations ${other} and ${id} would be served as one tool name, ${tool.name}.`);
    named.set(tool.name, id);
  }
  return tools;
}

const MAX_NAME = 64;

/**
 * The tool name of an operation: its id, or, for an id past MCP's 64 characters (an imported
 * description's `actions_get-github-actions-default-workflow-permissions-organization`), its first
 * 55 characters, a hyphen and 8 hex digits of its SHA-256: as stable as the id, and still unique.
 */
export function toolNameOf(id: string): string {
  if (id.length <= MAX_NAME) return id;
  return `${id.slice(0, MAX_NAME - 9)}-${createHash('sha256').update(id).digest('hex').slice(0, 8)}`;
}

export function operationTool(id: string, op: OperationSpec): OperationTool {
  const name = toolNameOf(id);
  if (!TOOL_NAME.test(name)) throw new Error(`Operation ${id}: its id is not a valid MCP tool name (${TOOL_NAME.source}).`);
  const { inputSchema, places } = withWait(op, inputSchemaOf(id, op));
  const tool: ToolDefinition = {
    name,
    description: descriptionOf(op),
    inputSchema,
    outputSchema: outputSchemaOf(op, places),
    annotations: annotationsOf(id, op),
  };
  return { id, op, tool, places };
}

/** A tool whose operation is safe to repeat takes `wait`, unless one of its inputs has that name. */
function withWait(op: OperationSpec, built: { inputSchema: JsonSchema; places: ArgumentPlaces }): { inputSchema: JsonSchema; places: ArgumentPlaces } {
  const properties = built.inputSchema.properties as Record<string, JsonSchema>;
  if (!canWait(op) || Object.hasOwn(properties, WAIT_ARGUMENT)) return built;
  return { inputSchema: { ...built.inputSchema, properties: { ...properties, [WAIT_ARGUMENT]: waitArgumentSchema } }, places: { ...built.places, wait: true } };
}

function descriptionOf(op: OperationSpec): string {
  const rules = rulesOf(op.body).map((rule) => ` Rule: ${ruleText(rule)} (${rule.description}).`);
  const nothing = op.nullResult ? ` A null result means: ${op.nullResult}.` : '';
  const optional = op.optionalBody ? ' The request body is optional: it is sent only when one of its fields is given.' : '';
  return `${op.deprecated ? 'Deprecated. ' : ''}${op.summary}. ${SAFETY_WORDS[op.safety]}${rules.join('')}${optional}${nothing} (${op.method} ${op.path})`;
}

interface ObjectSchema {
  properties: Record<string, JsonSchema>;
  required: string[];
}

function objectSchema(schema: $ZodType | undefined): ObjectSchema | undefined {
  if (!schema) return undefined;
  const json = jsonSchemaOf(schema, 'input');
  if (json.type !== 'object' || typeof json.properties !== 'object' || json.properties === null) return undefined;
  return { properties: json.properties as Record<string, JsonSchema>, required: Array.isArray(json.required) ? (json.required as string[]) : [] };
}

/**
 * The tool's arguments: path, query and header parameters and body fields side by side, each with
 * its meaning; a cross-field rule is stated in the description of the fields it names (and of the
 * tool), since clients refuse `anyOf` at the top of a tool's input schema.
 */
function inputSchemaOf(id: string, op: OperationSpec): { inputSchema: JsonSchema; places: ArgumentPlaces } {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const add = (name: string, schema: JsonSchema, isRequired: boolean) => {
    if (Object.hasOwn(properties, name)) throw new Error(`Operation ${id}: two of its inputs are named "${name}"; a tool needs one name per argument.`);
    properties[name] = schema;
    if (isRequired) required.push(name);
  };
  const params = objectSchema(op.params);
  const path = [...op.path.matchAll(/\{([^{}]+)\}/g)].map((match) => match[1]!);
  for (const name of path) add(name, params?.properties[name] ?? { type: 'string' }, true);
  const query = objectSchema(op.query);
  for (const [name, schema] of Object.entries(query?.properties ?? {})) add(name, schema, query!.required.includes(name));
  const headers = objectSchema(op.headers);
  for (const [name, schema] of Object.entries(headers?.properties ?? {})) add(name, schema, headers!.required.includes(name));
  const places: ArgumentPlaces = { path, query: Object.keys(query?.properties ?? {}), header: Object.keys(headers?.properties ?? {}), body: [] };
  // A body with a field named like a parameter (an imported `PATCH /variables/{name}` whose body has
  // a `name`) is one `body` argument, as a body that is not an object is, so neither is lost.
  const body = objectSchema(op.body);
  if (body && !Object.keys(body.properties).some((name) => Object.hasOwn(properties, name))) {
    const ruled = new Map(rulesOf(op.body).flatMap((rule) => rule.fields.map((field) => [field, ruleText(rule)] as const)));
    for (const [name, schema] of Object.entries(body.properties)) {
      const rule = ruled.get(name);
      // An optional body's required fields are required only once it is sent: the call's check says so then.
      add(
        name,
        rule ? { ...schema, description: `${schema.description ?? name}; ${rule} is required` } : schema,
        !op.optionalBody && body.required.includes(name),
      );
    }
    return { inputSchema: { type: 'object', properties, required, additionalProperties: false }, places: { ...places, body: Object.keys(body.properties) } };
  }
  if (op.body) add('body', jsonSchemaOf(op.body, 'input'), !op.optionalBody);
  return { inputSchema: { type: 'object', properties, required, additionalProperties: false }, places: op.body ? { ...places, wholeBody: 'body' } : places };
}

/** Results are always an object: `{ result: <the API's answer> }`, `truncated` when it was cut, and `wait` when the call waited. */
function outputSchemaOf(op: OperationSpec, places: ArgumentPlaces): JsonSchema {
  return {
    type: 'object',
    properties: {
      // A wait for `deleted`, met, has no answer to give.
      result: places.wait ? { anyOf: [jsonSchemaOf(op.response, 'output'), { type: 'null' }] } : jsonSchemaOf(op.response, 'output'),
      truncated: { type: 'string', description: 'present when the result was cut to fit: what was cut and how to get less' },
      ...(places.wait ? { wait: waitOutputSchema } : {}),
    },
    required: ['result'],
  };
}

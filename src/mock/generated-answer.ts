import { type $ZodType, safeParse } from 'zod/v4/core';
import { NO_BODY_STATUSES, type OperationSpec } from '../../registry/define.js';
import { jsonSchemaOf, type JsonSchema } from '../openapi/json-schema.js';
import { failure, type Reply } from './reply.js';

/**
 * The answer of an operation no behaviour is written for (an imported area's, until someone writes
 * one in src/mock/behaviour/): its documented success status, and a value built from its response
 * schema alone, every declared property filled, each value the first its schema allows (the first
 * choice of an enum or a union, numbers within their bounds, strings in their format or pattern).
 * The same schema always gives the same answer, and it is checked against the schema before it
 * is sent; `x-svc-mock: generated` says it was made up.
 */
export function generatedAnswer(id: string, op: Pick<OperationSpec, 'response' | 'status'>): Reply {
  const status = op.status ?? 200;
  const headers = { 'x-svc-mock': 'generated' };
  if (NO_BODY_STATUSES.has(status)) return { status, body: null, headers };
  let body: unknown;
  let checked: ReturnType<typeof safeParse>;
  try {
    const root = jsonSchemaOf(op.response as $ZodType, 'output');
    // The root is on the way already: a property that refers back to it (`parent: Pet`) is left out, not made one level down.
    body = valueOf(root, root, new Set(['#']), 0);
    checked = safeParse(op.response as $ZodType, body);
    if (!checked.success) {
      // A description's default may not fit its own schema (GitHub's `"log_url": {"format": "uri", "default": ""}`):
      // made again from the schemas alone.
      const strict: JsonSchema = { ...root };
      IGNORING_DEFAULTS.add(strict);
      body = valueOf(strict, strict, new Set(['#']), 0);
      checked = safeParse(op.response as $ZodType, body);
    }
  } catch (error) {
    return unmade(id, (error as Error).message);
  }
  if (!checked.success) return unmade(id, `the value made does not fit it (${checked.error.issues[0]?.message ?? 'refused'})`);
  return { status, body, headers };
}

/** Roots whose values are made without their schemas' defaults. */
const IGNORING_DEFAULTS = new WeakSet<JsonSchema>();

const unmade = (id: string, why: string): Reply =>
  failure(500, `The mock could not make an answer from the response schema of ${id}: ${why}. Write a behaviour for it in src/mock/behaviour/.`, {
    code: 'mock_answer_unmade',
  });

const FORMAT_VALUES: Record<string, string> = {
  'date-time': '2026-01-02T03:04:05Z',
  date: '2026-01-02',
  time: '03:04:05',
  duration: 'P1D',
  email: 'ada@example.com',
  uri: 'https://example.com/a',
  url: 'https://example.com/a',
  hostname: 'example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  uuid: '00000000-0000-4000-8000-000000000000',
  guid: '00000000-0000-4000-8000-000000000000',
  byte: 'YWJjZA==',
  base64: 'YWJjZA==',
  base64url: 'YWJjZA',
  cuid: 'cjld2cjxh0000qzrmn831i7rn',
  cuid2: 'tz4a98xxat96iws9zmbrgj3a',
  ulid: '01ARZ3NDEKTSV4RRFFQ69G5FAV',
  nanoid: 'V1StGXR8_Z5jdHi6B-myT',
  emoji: '🙂',
};

/** Strings tried in turn against a pattern, when no format gives one. */
const STRING_CANDIDATES = ['example', 'a', 'abc', '1', 'A1', '1.0.0', 'a-b', 'a_b', 'https://example.com/a', 'ada@example.com', '2026-01-02'];

const MAX_DEPTH = 32;

function valueOf(root: JsonSchema, schema: unknown, refs: Set<string>, depth: number): unknown {
  if (depth > MAX_DEPTH) throw new Error('its schema nests too deep (a required property refers back to itself?)');
  if (schema === true || schema === undefined || schema === null) return null;
  if (schema === false) throw new Error('its schema allows no value');
  const node = schema as JsonSchema;
  if (typeof node.$ref === 'string') {
    if (refs.has(node.$ref)) throw new Error(`its schema requires ${node.$ref} inside itself`);
    const inner = new Set(refs).add(node.$ref);
    return valueOf(root, resolveRef(root, node.$ref), inner, depth + 1);
  }
  if ('const' in node) return node.const;
  if (node.default !== undefined && !IGNORING_DEFAULTS.has(root)) return node.default;
  if (Array.isArray(node.enum)) return node.enum.find((choice) => choice !== null) ?? null;
  if (Array.isArray(node.allOf)) return valueOf(root, mergeAll(root, node), refs, depth + 1);
  for (const key of ['anyOf', 'oneOf'] as const) {
    const choices = node[key];
    if (Array.isArray(choices) && choices.length > 0) {
      const index = Math.max(
        0,
        choices.findIndex((choice) => !isNullOnly(choice)),
      );
      const { [key]: _choices, ...beside } = node;
      return valueOf(root, Object.keys(beside).length === 0 ? choices[index] : { allOf: [beside, choices[index]] }, refs, depth + 1);
    }
  }
  switch (typeOf(node)) {
    case 'object':
      return objectOf(root, node, refs, depth);
    case 'array':
      return arrayOf(root, node, refs, depth);
    case 'integer':
    case 'number':
      return numberOf(node);
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'string':
      return stringOf(node);
    default:
      return null; // any value: `{}` in JSON Schema
  }
}

function resolveRef(root: JsonSchema, ref: string): unknown {
  if (ref === '#') return root;
  const match = /^#\/(\$defs|definitions)\/(.+)$/.exec(ref);
  const defs = match ? (root[match[1]!] as Record<string, unknown> | undefined) : undefined;
  const name = match ? decodeURIComponent(match[2]!.replace(/~1/g, '/').replace(/~0/g, '~')) : undefined;
  if (!defs || name === undefined || !Object.hasOwn(defs, name)) throw new Error(`its schema refers to ${ref}, which it does not hold`);
  return defs[name];
}

const isNullOnly = (schema: unknown): boolean =>
  schema !== null && typeof schema === 'object' && ((schema as JsonSchema).type === 'null' || (schema as JsonSchema).const === null);

function typeOf(node: JsonSchema): string | undefined {
  const types = Array.isArray(node.type) ? (node.type as string[]).filter((type) => type !== 'null') : [node.type as string | undefined];
  if (Array.isArray(node.type) && types.length === 0) return 'null';
  if (types[0]) return types[0];
  if (node.properties || node.required || node.additionalProperties !== undefined) return 'object';
  if (node.items || node.prefixItems) return 'array';
  return undefined;
}

/** allOf's parts as one schema: properties and required lists joined, the rest from the first part that has it. */
function mergeAll(root: JsonSchema, node: JsonSchema): JsonSchema {
  const { allOf, ...rest } = node;
  const merged: JsonSchema = {
    ...rest,
    properties: { ...(rest.properties as object | undefined) },
    required: [...((rest.required as string[] | undefined) ?? [])],
  };
  for (const part of allOf as unknown[]) {
    let flat = part as JsonSchema;
    if (typeof flat.$ref === 'string') flat = resolveRef(root, flat.$ref) as JsonSchema;
    if (Array.isArray(flat.allOf)) flat = mergeAll(root, flat);
    for (const [key, entry] of Object.entries(flat)) if (!(key in merged)) merged[key] = entry;
    Object.assign(merged.properties as object, flat.properties);
    (merged.required as string[]).push(...((flat.required as string[] | undefined) ?? []));
  }
  return merged;
}

/** Every declared property (a required one whose schema comes back to itself is an error; an optional one is left out). */
function objectOf(root: JsonSchema, node: JsonSchema, refs: Set<string>, depth: number): Record<string, unknown> {
  const properties = (node.properties ?? {}) as Record<string, unknown>;
  const required = new Set((node.required as string[] | undefined) ?? []);
  const result: Record<string, unknown> = {};
  const set = (name: string, value: unknown) => Object.defineProperty(result, name, { value, enumerable: true, writable: true, configurable: true });
  for (const [name, property] of Object.entries(properties)) {
    if (required.has(name)) set(name, valueOf(root, property, refs, depth + 1));
    else if (!comesBack(property, refs)) {
      try {
        set(name, valueOf(root, property, refs, depth + 1));
      } catch {
        // An optional property that cannot be made is left out: it may be.
      }
    }
  }
  for (const name of required) if (!Object.hasOwn(result, name)) set(name, valueOf(root, node.additionalProperties ?? true, refs, depth + 1));
  const extra = typeof node.additionalProperties === 'object' ? node.additionalProperties : true;
  for (let i = 0; Object.keys(result).length < ((node.minProperties as number | undefined) ?? 0); i++)
    set(`key${i + 1}`, valueOf(root, extra, refs, depth + 1));
  return result;
}

const comesBack = (schema: unknown, refs: Set<string>): boolean =>
  schema !== null && typeof schema === 'object' && typeof (schema as JsonSchema).$ref === 'string' && refs.has((schema as JsonSchema).$ref as string);

function arrayOf(root: JsonSchema, node: JsonSchema, refs: Set<string>, depth: number): unknown[] {
  const prefix = (node.prefixItems as unknown[] | undefined) ?? [];
  const count = Math.max((node.minItems as number | undefined) ?? 0, prefix.length);
  const items: unknown[] = [];
  for (let i = 0; i < count; i++) {
    const item = valueOf(root, i < prefix.length ? prefix[i] : (node.items ?? true), refs, depth + 1);
    // Items that must differ (uniqueItems) get a number after a string, or a number more.
    items.push(node.uniqueItems === true && i > 0 ? distinct(item, i) : item);
  }
  return items;
}

const distinct = (item: unknown, i: number): unknown => (typeof item === 'string' ? `${item}${i}` : typeof item === 'number' ? item + i : item);

function numberOf(node: JsonSchema): number {
  const integer = typeOf(node) === 'integer';
  const step = (node.multipleOf as number | undefined) ?? (integer ? 1 : undefined);
  let low = (node.minimum as number | undefined) ?? -Infinity;
  if (typeof node.exclusiveMinimum === 'number') low = Math.max(low, node.exclusiveMinimum + (step ?? 1));
  let high = (node.maximum as number | undefined) ?? Infinity;
  if (typeof node.exclusiveMaximum === 'number') high = Math.min(high, node.exclusiveMaximum - (step ?? 1));
  let value = Math.min(Math.max(0, low), high);
  if (step !== undefined && value % step !== 0) value = Math.ceil(value / step) * step;
  return value;
}

function stringOf(node: JsonSchema): string {
  const format = typeof node.format === 'string' ? FORMAT_VALUES[node.format] : undefined;
  const pattern = typeof node.pattern === 'string' ? safeRegExp(node.pattern) : undefined;
  const min = (node.minLength as number | undefined) ?? 0;
  const max = (node.maxLength as number | undefined) ?? Infinity;
  const fits = (text: string) => [...text].length >= min && [...text].length <= max && (pattern === undefined || pattern.test(text));
  const example = typeof node.pattern === 'string' ? patternExample(node.pattern) : undefined;
  const candidates = [...(format === undefined ? [] : [format]), ...(example === undefined ? [] : [example]), ...STRING_CANDIDATES];
  for (const candidate of candidates) {
    const sized = [...candidate].length < min ? candidate + 'a'.repeat(min - [...candidate].length) : candidate;
    if (fits(sized)) return sized;
  }
  return format ?? 'a'.repeat(Math.min(Math.max(min, 1), max === Infinity ? Math.max(min, 1) : max));
}

function safeRegExp(pattern: string): RegExp | undefined {
  try {
    return new RegExp(pattern, 'u');
  } catch {
    return undefined;
  }
}

/**
 * The shortest string a simple pattern matches, read from the pattern: the first branch of each
 * alternation, the least count of each repetition, the first character of each class. Undefined
 * for what it does not read (lookarounds, back references): the candidates are tried instead.
 */
export function patternExample(pattern: string): string | undefined {
  let at = 0;
  const fail = (): never => {
    throw new Error('unread');
  };
  const escaped = (char: string): string =>
    ({ d: '0', w: 'a', s: ' ', D: 'a', W: '-', S: 'a', n: '\n', t: '\t' })[char] ?? (/[A-Za-z0-9]/.test(char) ? fail() : char);
  const classChar = (): string => {
    const from = at;
    const negated = pattern[at] === '^';
    if (negated) at++;
    let first: string | undefined;
    while (at < pattern.length && pattern[at] !== ']') {
      let char = pattern[at++]!;
      if (char === '\\') char = escaped(pattern[at++] ?? fail());
      first ??= char;
      if (pattern[at] === '-' && pattern[at + 1] !== ']') at += 2; // a range: its first character stands for it
    }
    if (pattern[at++] !== ']') fail();
    if (!negated) return first ?? fail();
    const outside = new RegExp(`[${pattern.slice(from, at - 1)}]`, 'u');
    return ['a', '0', '-', '_', 'x'].find((char) => outside.test(char)) ?? fail();
  };
  const atom = (): string => {
    const char = pattern[at++]!;
    if (char === '^' || char === '$') return '';
    if (char === '.') return 'a';
    if (char === '\\') return escaped(pattern[at++] ?? fail());
    if (char === '[') return classChar();
    if (char === '(') {
      if (pattern[at] === '?') {
        if (pattern[at + 1] !== ':') fail();
        at += 2;
      }
      const inner = alternation();
      if (pattern[at++] !== ')') fail();
      return inner;
    }
    if ('*+?{|)'.includes(char)) fail();
    return char;
  };
  const quantified = (text: string): string => {
    const char = pattern[at];
    let times = 1;
    if (char === '*' || char === '?') [times, at] = [0, at + 1];
    else if (char === '+') at++;
    else if (char === '{') {
      const match = /^\{(\d+)(,\d*)?\}/.exec(pattern.slice(at));
      if (!match) return text;
      times = Number(match[1]);
      at += match[0].length;
    }
    if (pattern[at] === '?') at++;
    return text.repeat(times);
  };
  const sequence = (): string => {
    let text = '';
    while (at < pattern.length && pattern[at] !== '|' && pattern[at] !== ')') text += quantified(atom());
    return text;
  };
  const alternation = (): string => {
    const first = sequence();
    while (pattern[at] === '|') {
      at++;
      sequence();
    }
    return first;
  };
  try {
    const text = alternation();
    return at === pattern.length && new RegExp(pattern, 'u').test(text) ? text : undefined;
  } catch {
    return undefined;
  }
}

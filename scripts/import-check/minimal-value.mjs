// The least value a schema of the description accepts, read from the description alone: required
// properties only, the first choice of an enum or of a oneOf/anyOf, strings and numbers within
// their bounds, format and pattern. Deterministic: the same schema gives the same value.
import { follow } from './request-validator.mjs';

const FORMAT_VALUES = {
  'date-time': '2024-01-02T03:04:05Z',
  date: '2024-01-02',
  time: '03:04:05Z',
  email: 'octocat@example.com',
  uri: 'https://example.com/a',
  'uri-reference': 'https://example.com/a',
  'uri-template': 'https://example.com/{a}',
  url: 'https://example.com/a',
  hostname: 'example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  uuid: '00000000-0000-4000-8000-000000000000',
  byte: 'YWJjZA==',
  'repo.nwo': 'octo/hello',
  timestamp: '2024-01-02T03:04:05Z',
};

/** Strings tried in turn against a pattern and length bounds, when no default, example or format gives one. */
const STRING_CANDIDATES = [
  'a',
  'abcd',
  '1',
  '1.0.0',
  'refs/heads/main',
  'https://example.com/a',
  'pkg',
  `sha256:${'0'.repeat(64)}`,
  '0'.repeat(40),
  'ssh-ed25519 AAAA',
];

const MAX_DEPTH = 24;

/** The least value `schema` (at the fragment pointer `at` in `document`) accepts in a request (readOnly properties left out). */
export function minimalValue(document, schema, at = '', depth = 0) {
  if (depth > MAX_DEPTH) throw new Error(`schema nested too deep (a required cycle?) at ${at}`);
  ({ value: schema, at } = follow(document, schema, at));
  if (schema === true || schema === undefined || schema === null) return 'a';
  if (schema === false) throw new Error(`no value is valid at ${at}`);
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum.find((choice) => choice !== null) ?? null;
  if (Array.isArray(schema.allOf)) return minimalValue(document, mergeAll(document, schema, at), at, depth + 1);
  for (const key of ['oneOf', 'anyOf']) {
    if (Array.isArray(schema[key]) && schema[key].length > 0) {
      // The first choice that is not null alone, with what the schema says beside it (as allOf).
      const index = Math.max(
        0,
        schema[key].findIndex((choice) => !isNullOnly(follow(document, choice, at).value)),
      );
      const { [key]: choices, ...beside } = schema;
      return minimalValue(document, { allOf: [beside, choices[index]] }, at, depth + 1);
    }
  }
  switch (typeOf(schema)) {
    case 'object':
      return minimalObject(document, schema, at, depth);
    case 'array': {
      const count = schema.minItems ?? 0;
      const item = count > 0 ? minimalValue(document, schema.items, `${at}/items`, depth + 1) : undefined;
      return Array.from({ length: count }, (_, i) => (schema.uniqueItems && typeof item === 'string' ? `${item}${i || ''}` : item));
    }
    case 'integer':
    case 'number':
      return minimalNumber(schema);
    case 'boolean':
      return typeof schema.default === 'boolean' ? schema.default : true;
    case 'null':
      return null;
    default:
      return minimalString(schema);
  }
}

const isNullOnly = (schema) => schema && (schema.type === 'null' || (Array.isArray(schema.enum) && schema.enum.every((v) => v === null)));

function typeOf(schema) {
  const types = Array.isArray(schema.type) ? schema.type.filter((type) => type !== 'null') : [schema.type];
  if (types[0]) return types[0];
  if (schema.properties || schema.required || schema.additionalProperties) return 'object';
  if (schema.items) return 'array';
  return 'string';
}

/** allOf's parts as one object schema: properties and required lists joined, the rest of the first part that has it. */
function mergeAll(document, schema, at) {
  const merged = { ...schema, properties: { ...schema.properties }, required: [...(schema.required ?? [])] };
  delete merged.allOf;
  schema.allOf.forEach((part, index) => {
    const { value } = follow(document, part, `${at}/allOf/${index}`);
    const flat = Array.isArray(value.allOf) ? mergeAll(document, value, `${at}/allOf/${index}`) : value;
    for (const [key, entry] of Object.entries(flat)) if (!(key in merged)) merged[key] = entry;
    Object.assign(merged.properties, flat.properties);
    merged.required.push(...(flat.required ?? []));
  });
  return merged;
}

function minimalObject(document, schema, at, depth) {
  const properties = schema.properties ?? {};
  const result = {};
  for (const name of new Set(schema.required ?? [])) {
    const property = properties[name];
    if (property && follow(document, property, at).value?.readOnly === true) continue;
    result[name] = minimalValue(document, property ?? schema.additionalProperties ?? true, `${at}/properties/${name}`, depth + 1);
  }
  // minProperties: optional properties in declaration order, then free keys.
  const optional = Object.keys(properties).filter((name) => !(name in result) && follow(document, properties[name], at).value?.readOnly !== true);
  for (let i = 0; Object.keys(result).length < (schema.minProperties ?? 0); i++) {
    const name = optional[i] ?? `key${i}`;
    result[name] = minimalValue(document, properties[name] ?? schema.additionalProperties ?? true, `${at}/properties/${name}`, depth + 1);
  }
  return result;
}

function minimalNumber(schema) {
  const integer = typeOf(schema) === 'integer';
  const low =
    typeof schema.exclusiveMinimum === 'number'
      ? schema.exclusiveMinimum + (integer ? 1 : 0.5)
      : schema.exclusiveMinimum === true
        ? schema.minimum + 1
        : schema.minimum;
  const high =
    typeof schema.exclusiveMaximum === 'number'
      ? schema.exclusiveMaximum - (integer ? 1 : 0.5)
      : schema.exclusiveMaximum === true
        ? schema.maximum - 1
        : schema.maximum;
  const fits = (n) =>
    typeof n === 'number' &&
    (!integer || Number.isInteger(n)) &&
    (low === undefined || n >= low) &&
    (high === undefined || n <= high) &&
    (!schema.multipleOf || n % schema.multipleOf === 0);
  const candidates = [schema.default, schema.example, 1, low, integer && low !== undefined ? Math.ceil(low) : undefined, high, schema.multipleOf];
  return candidates.find(fits) ?? low ?? high ?? 1;
}

function minimalString(schema) {
  const pattern = typeof schema.pattern === 'string' ? new RegExp(schema.pattern, 'u') : undefined;
  const fits = (s) =>
    typeof s === 'string' && (!pattern || pattern.test(s)) && s.length >= (schema.minLength ?? 0) && s.length <= (schema.maxLength ?? Infinity);
  const padded = 'a'.repeat(Math.max(1, schema.minLength ?? 1));
  const candidates = [
    schema.default,
    schema.example,
    FORMAT_VALUES[schema.format],
    ...(schema.format && FORMAT_VALUES[schema.format] ? [] : [padded, ...STRING_CANDIDATES]),
  ];
  return candidates.find(fits) ?? candidates.find((s) => typeof s === 'string') ?? padded;
}

// One schema object -> one zod/mini expression: its types, values, combinations and annotations.
import {
  type Built,
  built,
  isObject,
  JSON_TYPES,
  type JsonType,
  type MapContext,
  own,
  render,
  type SchemaObject,
  typeAllows,
  typeOfValue,
} from './schema-context.js';
import { combined } from './schema-combine.js';
import { numberExpression, stringExpression, usableDefault, valuesExpression } from './schema-scalars.js';
import { arrayExpression, objectExpression } from './schema-shapes.js';
import { childPointer } from './schema-text.js';
import { call, type SchemaTree, value } from './schema-tree.js';

/** Keywords this writer maps. */
const MAPPED = new Set(
  (
    'type nullable enum const format minLength maxLength pattern minimum maximum exclusiveMinimum exclusiveMaximum multipleOf ' +
    'items minItems maxItems properties required additionalProperties propertyNames allOf anyOf oneOf $ref description default ' +
    'deprecated readOnly writeOnly'
  ).split(' '),
);

/** Keywords that only annotate: nothing to check, nothing lost. */
const ANNOTATIONS = new Set(['title', 'example', 'examples', 'externalDocs', 'xml', '$comment', '$schema', '$defs', 'definitions']);

/** Values of a keyword that ask for nothing, so that leaving it out loses nothing. */
const NO_OP: Record<string, unknown> = { uniqueItems: false, minProperties: 0, minContains: 1 };

const NOTES: Record<string, string> = {
  not: 'values it excludes are accepted',
  if: 'the condition is not checked',
  discriminator: 'the union tries each branch in turn',
  patternProperties: 'property values are not checked by pattern',
  uniqueItems: 'duplicates are not refused',
  $id: 'references are resolved against the document, not this id',
};

function reportKeywords(schema: SchemaObject, where: string, context: MapContext): void {
  for (const key of Object.keys(schema)) {
    if (MAPPED.has(key) || ANNOTATIONS.has(key) || NO_OP[key] === schema[key]) continue;
    const note = key.startsWith('x-') ? 'an extension; left out' : (NOTES[key] ?? 'not checked');
    context.report(key, childPointer(where, key), note);
  }
}

/** The types a schema names (`type`, a 3.1 list, or 3.0 `nullable: true`), in JSON's order; none when it names none. */
function declaredTypes(schema: SchemaObject): JsonType[] {
  const type = own(schema, 'type');
  const named = (Array.isArray(type) ? type : [type]).filter((item): item is JsonType => (JSON_TYPES as readonly unknown[]).includes(item));
  if (named.length > 0 && own(schema, 'nullable') === true) named.push('null');
  return JSON_TYPES.filter((item) => named.includes(item) && !(item === 'integer' && named.includes('number')));
}

/** Keywords that apply to one type only: a schema without `type` holding them constrains that type, and leaves the others open. */
const TYPE_KEYWORDS: [JsonType, string[]][] = [
  ['object', ['properties', 'additionalProperties', 'required', 'propertyNames']],
  ['array', ['items', 'minItems', 'maxItems']],
  ['string', ['minLength', 'maxLength', 'pattern', 'format']],
  ['number', ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf']],
];

function typedExpression(type: JsonType, schema: SchemaObject, where: string, context: MapContext): Built {
  switch (type) {
    case 'string':
      return stringExpression(schema, where, context);
    case 'number':
    case 'integer':
      return numberExpression(schema, type === 'integer', where, context);
    case 'object':
      return built(objectExpression(schema, where, context));
    case 'array':
      return arrayExpression(schema, where, context);
    default:
      return built(call(type));
  }
}

/** Several types: `z.nullable(T)` for one type and null, else a union. */
function typesExpression(types: JsonType[], schema: SchemaObject, where: string, context: MapContext): Built {
  const parts = types.filter((type) => type !== 'null').map((type) => typedExpression(type, schema, where, context));
  if (parts.length === 0) return built(call('null'));
  if (parts.length === 1 && types.length === 1) return parts[0]!;
  if (parts.length === 1) return built(call('nullable', render(parts[0]!)));
  const members = parts.map(render);
  if (types.includes('null')) members.push(call('null'));
  return built(call('union', { list: members }));
}

/** A schema without `type`: the types its keywords constrain, each checked, and every other type open. */
function untypedExpression(schema: SchemaObject, where: string, context: MapContext): Built | undefined {
  const constrained = TYPE_KEYWORDS.filter(([, keys]) => keys.some((key) => own(schema, key) !== undefined)).map(([type]) => type);
  if (constrained.length === 0) return undefined;
  const open = JSON_TYPES.filter((type) => type !== 'integer' && !constrained.includes(type));
  return typesExpression([...constrained, ...open] as JsonType[], schema, where, context);
}

/** `enum`, `const` and `nullable` as a list of values, or undefined when the schema lists none. */
function listedValues(schema: SchemaObject, types: JsonType[]): unknown[] | undefined {
  const values = Object.hasOwn(schema, 'const') ? [schema.const] : own(schema, 'enum');
  if (!Array.isArray(values)) return undefined;
  const allowed = types.length === 0 ? values : values.filter((value) => typeAllows(types, typeOfValue(value)));
  return own(schema, 'nullable') === true && !allowed.includes(null) ? [...allowed, null] : allowed;
}

function coreExpression(schema: SchemaObject, where: string, context: MapContext): Built {
  const types = declaredTypes(schema);
  const values = listedValues(schema, types);
  const single = Object.hasOwn(schema, 'const');
  const listed = values === undefined ? undefined : valuesExpression(values, childPointer(where, single ? 'const' : 'enum'), context, single);
  const base =
    listed !== undefined ? built(listed) : types.length > 0 ? typesExpression(types, schema, where, context) : untypedExpression(schema, where, context);
  return combined(schema, base, where, context);
}

/** The tree of a schema at `where`; `optional` marks an object property not required (its default, if any, applies). */
export function nodeExpression(schema: unknown, where: string, context: MapContext, optional: boolean): SchemaTree {
  if (typeof schema === 'boolean') return wrapOptional(call(schema ? 'unknown' : 'never'), optional);
  if (!isObject(schema)) {
    context.report('schema', where, 'not a schema object; any value is accepted');
    return wrapOptional(call('unknown'), optional);
  }
  reportKeywords(schema, where, context);
  const core = typeof own(schema, '$ref') === 'string' ? referenceExpression(schema, where, context) : coreExpression(schema, where, context);
  const description = own(schema, 'description');
  if (typeof description === 'string') core.checks.push(call('describe', value(description)));
  if (own(schema, 'deprecated') === true) core.checks.push(call('meta', value({ deprecated: true })));
  const tree = render(core);
  if (!optional) return tree;
  return defaultedExpression(schema, tree, where, context) ?? call('optional', tree);
}

const wrapOptional = (tree: SchemaTree, optional: boolean): SchemaTree => (optional ? call('optional', tree) : tree);

/** `z._default(schema, value)` when the property's default is a primitive the schema accepts; other defaults are reported. */
function defaultedExpression(schema: SchemaObject, tree: SchemaTree, where: string, context: MapContext): SchemaTree | undefined {
  if (!Object.hasOwn(schema, 'default')) return undefined;
  const target = context.deref(schema, where).schema;
  const types = isObject(target) ? declaredTypes(target) : [];
  const values = isObject(target) ? listedValues(target, types) : undefined;
  const fits = (value: unknown) => (values ? values.includes(value) : types.length > 0 && typeAllows(types, typeOfValue(value)));
  const found = usableDefault(schema, fits);
  if (found !== undefined) return call('_default', tree, value(found));
  context.report('default', childPointer(where, 'default'), 'not a string, number or boolean the schema accepts; left out');
  return undefined;
}

/** A `$ref`: its named const; in 3.1 its sibling keywords also apply, in 3.0 they are ignored (and said so). */
function referenceExpression(schema: SchemaObject, where: string, context: MapContext): Built {
  const named = context.ref(own(schema, '$ref') as string, where);
  const { $ref: _ref, description: _description, deprecated: _deprecated, default: _default, nullable, readOnly: _r, writeOnly: _w, ...rest } = schema;
  const constraints = Object.keys(rest).filter((key) => !ANNOTATIONS.has(key) && !key.startsWith('x-'));
  const tree = nullable === true ? call('nullable', named) : named;
  if (constraints.length === 0) return built(tree);
  if (context.dialect === '3.0') {
    context.report('$ref', where, `${constraints.join(', ')} beside $ref: ignored, as OpenAPI 3.0 says`);
    return built(tree);
  }
  // The referenced schema's type holds for the whole: the sibling keywords need check no other.
  const target = context.deref(schema, where).schema;
  const type = isObject(target) ? own(target, 'type') : undefined;
  const orNull = nullable === true || (isObject(target) && own(target, 'nullable') === true);
  const typing = type === undefined ? {} : { type, ...(orNull ? { nullable: true } : {}) };
  const sibling = { ...typing, ...Object.fromEntries(constraints.map((key) => [key, rest[key]])) };
  return built(call('intersection', tree, render(coreExpression(sibling, where, context))));
}

// Objects, records and arrays: properties, required, additionalProperties, items, bounds.
import { count, isObject, type MapContext, own, type SchemaObject, built, type Built } from './schema-context.js';
import { call, type CallTree, type SchemaTree, type ShapeArgument, value } from './schema-tree.js';
import { childPointer, quote } from './schema-text.js';

/** Whether a property is left out for this use: readOnly ones are never sent, writeOnly ones never received. */
export function leftOut(schema: unknown, where: string, context: MapContext): boolean {
  const marks = [schema, context.deref(schema, where).schema].filter(isObject);
  const mark = context.use === 'request' ? 'readOnly' : 'writeOnly';
  return marks.some((marked) => own(marked, mark) === true);
}

const isEmptySchema = (schema: unknown): boolean => schema === true || (isObject(schema) && Object.keys(schema).length === 0);

/** `{ name: z.string(), note: z.optional(z.string()) }` from `properties` and `required`. */
export function shapeOf(entries: [string, unknown, string][], required: Set<string>, context: MapContext): ShapeArgument {
  const fields: [string, SchemaTree][] = [];
  for (const [name, schema, where] of entries) {
    if (leftOut(schema, where, context)) continue;
    if (name === '__proto__') context.report('property name', where, 'a property named __proto__: zod keeps the name but drops its value when parsing');
    fields.push([name, context.sub(schema, where, !required.has(name))]);
  }
  return { shape: fields };
}

/** The `properties` of a schema as [name, schema, pointer], in the description's order. */
export function propertyEntries(schema: SchemaObject, where: string): [string, unknown, string][] {
  const properties = own(schema, 'properties');
  if (!isObject(properties)) return [];
  return Object.keys(properties).map((name) => [name, properties[name], childPointer(where, 'properties', name)]);
}

export function requiredNames(schema: SchemaObject): Set<string> {
  const required = own(schema, 'required');
  return new Set(Array.isArray(required) ? required.filter((name): name is string => typeof name === 'string') : []);
}

/**
 * An object schema: strict when additionalProperties is false, loose when it is absent or true (extra
 * fields kept), a catchall when it is a schema, a record when there are no properties but a value
 * schema or property names.
 */
export function objectExpression(schema: SchemaObject, where: string, context: MapContext, entries = propertyEntries(schema, where)): CallTree {
  const required = requiredNames(schema);
  const additional = own(schema, 'additionalProperties');
  const names = own(schema, 'propertyNames');
  const keyed = own(schema, 'properties') !== undefined || entries.length > 0;
  // A required name without a property schema: present, its value checked by additionalProperties
  // (JSON Schema applies it to every name not in properties), else any value.
  const missing = [...required].filter((name) => !entries.some(([property]) => property === name));
  if (!keyed && (names !== undefined || (additional !== undefined && additional !== false && !isEmptySchema(additional)))) {
    for (const name of missing) context.report('required', childPointer(where, 'required'), `${quote(name)} is required of a record; not checked`);
    return recordExpression(names, additional, where, context);
  }
  if (additional === false && missing.length > 0) {
    context.report(
      'required',
      childPointer(where, 'required'),
      `${missing.map(quote).join(', ')} required but not allowed by additionalProperties: false; accepted`,
    );
  }
  const valueSchema = isObject(additional) && !isEmptySchema(additional);
  entries = [
    ...entries,
    ...missing.map((name): [string, unknown, string] =>
      valueSchema ? [name, additional, childPointer(where, 'additionalProperties')] : [name, true, childPointer(where, 'required')],
    ),
  ];
  if (names !== undefined) context.report('propertyNames', childPointer(where, 'propertyNames'), 'beside properties; property names are not checked');
  const shape = shapeOf(entries, required, context);
  if (additional === false) {
    if (own(schema, 'patternProperties') === undefined) return call('strictObject', shape);
    context.report('additionalProperties', childPointer(where, 'additionalProperties'), 'false beside patternProperties; other properties are accepted');
  }
  if (additional === undefined || additional === true || additional === false || isEmptySchema(additional)) return call('looseObject', shape);
  return call('catchall', call('object', shape), context.sub(additional, childPointer(where, 'additionalProperties')));
}

/** What a propertyNames schema may hold to become the key schema of a record (a string schema, nothing that wraps it). */
const KEY_KEYWORDS = new Set(['type', 'minLength', 'maxLength', 'pattern', 'format', 'enum', 'const', 'description', 'title']);

/** `z.record(keys, values)`: keys are strings (checked by propertyNames when it is a string schema). */
function recordExpression(names: unknown, additional: unknown, where: string, context: MapContext): CallTree {
  const values = additional === undefined || isEmptySchema(additional) ? call('unknown') : context.sub(additional, childPointer(where, 'additionalProperties'));
  if (additional === false) return call('strictObject', { shape: [] });
  let keys: SchemaTree = call('string');
  let partial = false;
  if (isObject(names) && (own(names, 'type') === 'string' || own(names, 'type') === undefined) && Object.keys(names).every((key) => KEY_KEYWORDS.has(key))) {
    keys = context.sub({ ...names, type: 'string' }, childPointer(where, 'propertyNames'));
    // A record keyed by an enum wants every key; property names only limit the keys that appear.
    partial = own(names, 'enum') !== undefined || own(names, 'const') !== undefined;
  } else if (names !== undefined && !isEmptySchema(names)) {
    context.report('propertyNames', childPointer(where, 'propertyNames'), 'not a string schema; property names are not checked');
  }
  return call(partial ? 'partialRecord' : 'record', keys, values);
}

/** An array: items, minItems, maxItems (uniqueItems, prefixItems and contains are reported as keywords). */
export function arrayExpression(schema: SchemaObject, where: string, context: MapContext): Built {
  const items = own(schema, 'items');
  let element: SchemaTree = call('unknown');
  // With prefixItems (reported as a keyword), `items` holds only the elements after them: none is checked.
  if (Array.isArray(items)) context.report('items', childPointer(where, 'items'), 'a list of item schemas (a tuple); items are not checked');
  else if (own(schema, 'prefixItems') !== undefined) element = call('unknown');
  else if (items === false) element = call('never');
  else if (items !== undefined && !isEmptySchema(items)) element = context.sub(items, childPointer(where, 'items'));
  const checks: CallTree[] = [];
  const minItems = count(schema, 'minItems');
  if (minItems !== undefined && minItems > 0) checks.push(call('minLength', value(minItems)));
  const maxItems = count(schema, 'maxItems');
  if (maxItems !== undefined) checks.push(call('maxLength', value(maxItems)));
  return built(call('array', element), checks);
}

/** Whether a schema describes objects only (a type of object, or no type and only object keywords). */
export function objectLike(schema: unknown): schema is SchemaObject {
  if (!isObject(schema)) return false;
  const type = own(schema, 'type');
  if (type !== undefined) return type === 'object';
  return ['properties', 'additionalProperties', 'required'].some((key) => own(schema, key) !== undefined);
}

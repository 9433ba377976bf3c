// allOf, anyOf and oneOf: merged objects, unions, intersections, and "at least one of these fields".
import { type Built, built, isObject, type MapContext, own, render, type SchemaObject } from './schema-context.js';
import { leftOut, objectExpression, objectLike, propertyEntries, requiredNames } from './schema-shapes.js';
import { call, type CallTree, isCallOf, isUnknown, type SchemaTree, value } from './schema-tree.js';
import { childPointer } from './schema-text.js';

/** The object calls an at-least-one rule can hold. */
const OBJECTS = ['strictObject', 'looseObject', 'catchall'];

/** How deep allOf parts are followed into the allOf of their own parts before merging gives up. */
const MAX_MERGE_DEPTH = 16;

/** Keywords a part may hold and still merge into one object; any other keeps it an intersection. */
const MERGEABLE = new Set(['type', 'properties', 'required', 'additionalProperties', 'allOf', 'description', 'title', 'example', 'examples', '$comment']);

const listOf = (schema: SchemaObject, key: string): unknown[] | undefined => {
  const value = own(schema, key);
  return Array.isArray(value) && value.length > 0 ? value : undefined;
};

/** The schema with `allOf`, `anyOf` and `oneOf` applied to the base built from its other keywords. */
export function combined(schema: SchemaObject, base: Built | undefined, where: string, context: MapContext): Built {
  let result = base;
  const parts: SchemaTree[] = [];
  const allOf = listOf(schema, 'allOf');
  if (allOf && allOf.length === 1 && !base) {
    // `allOf: [{ $ref }]` beside a description: the part itself (its named const), described.
    parts.push(context.sub(allOf[0], childPointer(where, 'allOf', 0)));
  } else if (allOf) {
    const merged = mergedObject(schema, where, context);
    if (merged !== undefined) result = built(merged);
    else parts.push(...typedParts(schema, allOf, where, context).map((part, index) => context.sub(part, childPointer(where, 'allOf', index))));
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = listOf(schema, key);
    if (!branches) continue;
    if (key === 'oneOf' && branches.length > 1) context.report('oneOf', childPointer(where, key), 'a value matching more than one branch is accepted');
    // A nullable object keeps the rule inside: null has no fields, and the rule does not apply to it.
    const inner = result && result.checks.length === 0 && isCallOf(result.base, 'nullable') ? (result.base.a?.[0] as SchemaTree) : undefined;
    const nullable = inner !== undefined && isCallOf(inner, ...OBJECTS);
    const object = nullable ? built(inner) : result;
    const fields = requiredRule(schema, branches, object, where, context);
    if (fields && object) {
      context.needs('atLeastOneOf');
      const rule = call('atLeastOneOf', render(object), value(fields), value(context.ruleDescription(fields, where)));
      result = built(nullable ? call('nullable', rule) : rule);
    } else parts.push(unionExpression(branches, childPointer(where, key), context));
  }
  // A part that accepts anything (`{ description }` beside a `$ref`) adds nothing to an intersection.
  const members = [...(result ? [render(result)] : []), ...parts.filter((part) => !isUnknown(part))];
  if (members.length === 0) return built(call('unknown'));
  if (members.length === 1) return result ?? built(members[0]!);
  return built(members.reduceRight((right, left) => call('intersection', left, right)));
}

/** allOf parts without a type take the type another part (or the schema) names: the intersection holds only values of it anyway. */
function typedParts(schema: SchemaObject, allOf: unknown[], where: string, context: MapContext): unknown[] {
  // The type keywords of a schema: `type`, and 3.0's `nullable` beside it (null stays allowed).
  const typing = (target: unknown) =>
    isObject(target) && own(target, 'type') !== undefined
      ? { type: own(target, 'type'), ...(own(target, 'nullable') === true ? { nullable: true } : {}) }
      : undefined;
  const found = typing(schema) ?? allOf.map((part, index) => typing(context.deref(part, childPointer(where, 'allOf', index)).schema)).find(Boolean);
  if (found === undefined) return allOf;
  return allOf.map((part) => (isObject(part) && own(part, 'type') === undefined && own(part, '$ref') === undefined ? { ...part, ...found } : part));
}

/** `z.union([…])`, `z.nullable(X)` for X-or-null, or the one branch. */
function unionExpression(branches: unknown[], where: string, context: MapContext): SchemaTree {
  const isNull = (branch: unknown) => isObject(branch) && Object.keys(branch).length === 1 && own(branch, 'type') === 'null';
  if (branches.length === 2 && branches.some(isNull) && !branches.every(isNull)) {
    const index = branches.findIndex((branch) => !isNull(branch));
    return call('nullable', context.sub(branches[index], childPointer(where, index)));
  }
  const members = branches.map((branch, index) => context.sub(branch, childPointer(where, index)));
  return members.length === 1 ? members[0]! : call('union', { list: members });
}

/**
 * `anyOf: [{ required: [a] }, { required: [b] }]` beside an object's properties: "at least one of a
 * and b", the registry's atLeastOneOf rule (help and the export read it). For oneOf, "exactly one"
 * is then checked as "at least one" (reported by the caller).
 */
function requiredRule(schema: SchemaObject, branches: unknown[], result: Built | undefined, where: string, context: MapContext): string[] | undefined {
  if (!result || result.checks.length > 0 || !isCallOf(result.base, ...OBJECTS)) return undefined;
  const fields = branches.map((branch) => {
    if (!isObject(branch) || Object.keys(branch).length !== 1) return undefined;
    const required = own(branch, 'required');
    return Array.isArray(required) && required.length === 1 && typeof required[0] === 'string' ? required[0] : undefined;
  });
  const present = new Map(
    propertyEntries(schema, where)
      .filter(([, property, at]) => !leftOut(property, at, context))
      .map(([name]) => [name, true]),
  );
  if (!fields.every((field): field is string => field !== undefined && present.has(field)) || new Set(fields).size !== fields.length) return undefined;
  return fields;
}

interface Part {
  schema: SchemaObject;
  where: string;
}

/** The schema and its allOf parts (followed through `$ref` and nested allOf), when all are objects that merge. */
function mergeParts(schema: SchemaObject, where: string, context: MapContext): Part[] | undefined {
  const parts: Part[] = [];
  const seen = new Set<string>();
  const visit = (part: unknown, at: string, depth: number): boolean => {
    const target = context.deref(part, at);
    if (seen.has(target.where)) return true;
    seen.add(target.where);
    const node = target.schema;
    if (depth > MAX_MERGE_DEPTH || !isObject(node) || !Object.keys(node).every((key) => MERGEABLE.has(key))) return false;
    if (depth > 0 && !objectLike(node) && listOf(node, 'allOf') === undefined) return false;
    parts.push({ schema: node, where: target.where });
    return (listOf(node, 'allOf') ?? []).every((inner, index) => visit(inner, childPointer(target.where, 'allOf', index), depth + 1));
  };
  const { allOf: _allOf, ...own } = schema;
  if (!Object.keys(own).every((key) => MERGEABLE.has(key) || key === 'anyOf' || key === 'oneOf' || key === 'deprecated' || key === 'default')) return undefined;
  if (!(schema.allOf as unknown[]).every((part, index) => visit(part, childPointer(where, 'allOf', index), 1))) return undefined;
  return [{ schema, where }, ...parts];
}

/** One object of every part's properties and required names; additionalProperties limits of parts are reported, not merged. */
function mergedObject(schema: SchemaObject, where: string, context: MapContext): CallTree | undefined {
  const parts = mergeParts(schema, where, context);
  if (!parts || !parts.some((part) => own(part.schema, 'type') === 'object')) return undefined;
  const byName = new Map<string, [unknown, string][]>();
  const required = new Set<string>();
  for (const part of parts) {
    for (const [name, property, at] of propertyEntries(part.schema, part.where)) byName.set(name, [...(byName.get(name) ?? []), [property, at]]);
    for (const name of requiredNames(part.schema)) required.add(name);
    const additional = own(part.schema, 'additionalProperties');
    if (additional !== undefined && additional !== true && !(isObject(additional) && Object.keys(additional).length === 0)) {
      context.report('additionalProperties', childPointer(part.where, 'additionalProperties'), 'in an allOf part; the merged object accepts other properties');
    }
  }
  const entries = [...byName].map(([name, found]): [string, unknown, string] =>
    found.length === 1 ? [name, found[0]![0], found[0]![1]] : [name, { allOf: found.map(([property]) => property) }, found[0]![1]],
  );
  return objectExpression({ type: 'object', required: [...required] }, where, context, entries);
}

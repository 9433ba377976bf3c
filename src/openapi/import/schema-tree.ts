// A zod/mini schema as data: the schema writer builds these trees, the importer prints them as
// TypeScript (treeSource), and `svc areas add` stores them as JSON, from which svc builds the same
// zod schemas when a command needs them (src/areas/schema-build.ts). The tree names zod functions;
// it holds no code, so nothing a description says is ever run.
import { propertyKey, jsLiteral, quote } from './schema-text.js';
import { objectKey } from './names.js';

/** A JSON value, as a literal argument holds it. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * A call of a zod/mini function (`z`: its name, `iso.datetime` for `z.iso.datetime`; `atLeastOneOf`
 * for the registry's rule), its arguments (`a`) and the checks applied to it (`c`: calls too).
 */
export interface CallTree {
  z: string;
  a?: TreeArgument[];
  c?: CallTree[];
}

/** A named schema of the area, by its index; `lazy` when it is reached through a cycle (z.lazy); `c`: checks applied to it. */
export interface NamedTree {
  n: number;
  lazy?: true;
  c?: CallTree[];
}

export type SchemaTree = CallTree | NamedTree;

/**
 * An object's shape: its properties in order. `keys` says how the importer spells a key in
 * TypeScript (`schema`: a schema's properties; `parameter`: a parameter object's; `quoted`: header
 * names, always quoted), so the source it writes stays as it was.
 */
export interface ShapeArgument {
  shape: [string, SchemaTree][];
  keys?: 'parameter' | 'quoted';
}

/** An argument: a schema, a JSON value (`v`), a shape, or a list of schemas (`list`). */
export type TreeArgument = SchemaTree | { v: Json } | ShapeArgument | { list: SchemaTree[] };

/** `z.<name>(...args)`, with no checks yet. */
export const call = (name: string, ...args: TreeArgument[]): CallTree => (args.length === 0 ? { z: name } : { z: name, a: args });

/** A JSON value as an argument. */
export const value = (v: Json): { v: Json } => ({ v });

/**
 * A schema with more checks: `tree.check(...checks)`. A tree that has checks already keeps them in
 * their own call (`z.string().check(a).check(b)`, the pseudo-call `check`), as the source says it.
 */
export function withChecks(tree: SchemaTree, checks: readonly CallTree[]): SchemaTree {
  if (checks.length === 0) return tree;
  if (tree.c === undefined) return { ...tree, c: [...checks] };
  return { z: 'check', a: [tree, ...checks] };
}

export const isNamed = (tree: SchemaTree): tree is NamedTree => 'n' in tree;

/** Whether the tree is a call of `name` (any of `names`) with no checks of its own. */
export const isCallOf = (tree: SchemaTree | undefined, ...names: string[]): tree is CallTree =>
  tree !== undefined && !isNamed(tree) && names.includes(tree.z) && tree.c === undefined;

/** `z.unknown()`, the schema that accepts anything. */
export const isUnknown = (tree: SchemaTree): boolean => isCallOf(tree, 'unknown') && tree.a === undefined;

const isShape = (arg: TreeArgument): arg is ShapeArgument => 'shape' in arg;
const isList = (arg: TreeArgument): arg is { list: SchemaTree[] } => 'list' in arg;
const isValue = (arg: TreeArgument): arg is { v: Json } => 'v' in arg;

/** The indices of the named schemas a tree refers to, each once, in the order met. */
export function namedIn(tree: SchemaTree, found: Set<number> = new Set()): Set<number> {
  if (isNamed(tree)) found.add(tree.n);
  else for (const arg of tree.a ?? []) for (const inner of argumentTrees(arg)) namedIn(inner, found);
  for (const check of tree.c ?? []) namedIn(check, found);
  return found;
}

function argumentTrees(arg: TreeArgument): SchemaTree[] {
  if (isShape(arg)) return arg.shape.map(([, tree]) => tree);
  if (isList(arg)) return arg.list;
  return isValue(arg) ? [] : [arg];
}

/** The tree with `mark` applied to each reference to a named schema (a copy). */
export function mapNamed(tree: SchemaTree, mark: (named: NamedTree) => NamedTree): SchemaTree {
  const checks = tree.c?.map((check) => mapNamed(check, mark) as CallTree);
  if (isNamed(tree)) return mark(checks ? { ...tree, c: checks } : tree);
  const args = tree.a?.map((arg): TreeArgument => {
    if (isShape(arg)) return { ...arg, shape: arg.shape.map(([key, inner]) => [key, mapNamed(inner, mark)]) };
    if (isList(arg)) return { list: arg.list.map((inner) => mapNamed(inner, mark)) };
    return isValue(arg) ? arg : mapNamed(arg, mark);
  });
  return { z: tree.z, ...(args ? { a: args } : {}), ...(checks ? { c: checks } : {}) };
}

/**
 * The TypeScript source of a tree, as the importer writes it: `name(i)` is the const of named
 * schema `i`. Every string goes through JSON quoting and every key through a key writer.
 */
export function treeSource(tree: SchemaTree, name: (index: number) => string): string {
  const base = isNamed(tree) ? (tree.lazy ? `z.lazy(() => ${name(tree.n)})` : name(tree.n)) : callSource(tree, name);
  const checks = (tree.c ?? []).map((check) => checkSource(check, name));
  return checks.length === 0 ? base : `${base}.check(${checks.join(', ')})`;
}

function callSource(tree: CallTree, name: (index: number) => string): string {
  if (tree.z === 'check') {
    const [base, ...checks] = tree.a as SchemaTree[];
    return `${treeSource(base!, name)}.check(${checks.map((check) => checkSource(check as CallTree, name)).join(', ')})`;
  }
  const args = (tree.a ?? []).map((arg) => argumentSource(arg, name)).join(', ');
  if (tree.z === 'regex') return `z.regex(new RegExp(${args}))`;
  return `${tree.z === 'atLeastOneOf' ? '' : 'z.'}${tree.z}(${args})`;
}

/** A check: as a call, but the code-point length bound is two checks (its test and its mark for the export). */
function checkSource(check: CallTree, name: (index: number) => string): string {
  if (check.z !== 'maxChars') return treeSource(check, name);
  const limit = (check.a?.[0] as { v: number }).v;
  const message = quote(`Too big: expected string to have <=${limit} characters`);
  return `z.refine((text: string) => [...text].length <= ${limit}, ${message}), z.meta({ maxLength: ${limit} })`;
}

function argumentSource(arg: TreeArgument, name: (index: number) => string): string {
  if (isValue(arg)) return jsLiteral(arg.v);
  if (isList(arg)) return `[${arg.list.map((tree) => treeSource(tree, name)).join(', ')}]`;
  if (isShape(arg)) {
    const key = arg.keys === 'parameter' ? objectKey : arg.keys === 'quoted' ? quote : propertyKey;
    const fields = arg.shape.map(([field, tree]) => `${key(field)}: ${treeSource(tree, name)}`);
    return fields.length === 0 ? '{}' : `{ ${fields.join(', ')} }`;
  }
  return treeSource(arg, name);
}

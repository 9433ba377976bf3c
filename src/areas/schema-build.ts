// Schema trees (src/openapi/import/schema-tree.ts), as `svc areas add` stored them, back to zod/mini:
// each name a tree holds is looked up in the table below, and each argument checked for its kind,
// so a tree can only ever build zod schemas; a name or argument not in the table is a corrupt store.
import * as z from 'zod/mini';
import '../../registry/zod-messages.js';
import { atLeastOneOf } from '../../registry/rules.js';
import type { CallTree, Json, NamedTree, SchemaTree, ShapeArgument, TreeArgument } from '../openapi/import/schema-tree.js';

type Schema = z.ZodMiniType;
type Check = z.core.$ZodCheck<unknown>;

/** A stored tree that does not build: the store is damaged (or was edited). `located`: the message names the call at fault. */
export class CorruptTree extends Error {
  constructor(
    message: string,
    readonly located = false,
  ) {
    super(message);
    this.name = 'CorruptTree';
  }
}

/** Nesting far beyond what the importer writes (64 levels of a schema, each a few calls deep). */
const MAX_DEPTH = 400;

/** One argument, read as the kind a function takes. */
interface Reader {
  schema(arg: TreeArgument | undefined): Schema;
  schemas(arg: TreeArgument | undefined): Schema[];
  shape(arg: TreeArgument | undefined): Record<string, Schema>;
  number(arg: TreeArgument | undefined): number;
  text(arg: TreeArgument | undefined): string;
  json(arg: TreeArgument | undefined): Json;
}

type Builder<T> = (args: TreeArgument[], read: Reader) => T;

const plain =
  (make: () => Schema): Builder<Schema> =>
  (args) =>
    args.length === 0 ? make() : fail('takes no argument');

/** The zod/mini functions a tree may name, as schemas. */
const SCHEMAS: Record<string, Builder<Schema>> = {
  string: plain(() => z.string()),
  number: plain(() => z.number()),
  int: plain(() => z.int()),
  int32: plain(() => z.int32()),
  boolean: plain(() => z.boolean()),
  null: plain(() => z.null()),
  unknown: plain(() => z.unknown()),
  never: plain(() => z.never()),
  email: plain(() => z.email()),
  url: plain(() => z.url()),
  guid: plain(() => z.guid()),
  ipv4: plain(() => z.ipv4()),
  ipv6: plain(() => z.ipv6()),
  hostname: plain(() => z.hostname()),
  base64: plain(() => z.base64()),
  'iso.date': plain(() => z.iso.date()),
  'iso.duration': plain(() => z.iso.duration()),
  'iso.datetime': ([options], read) => {
    const given = read.json(options);
    if (JSON.stringify(given) !== '{"offset":true}') fail('takes { offset: true }');
    return z.iso.datetime({ offset: true });
  },
  enum: ([values], read) => z.enum(stringList(read.json(values))),
  literal: ([values], read) => z.literal(primitives(read.json(values)) as never),
  strictObject: ([shape], read) => z.strictObject(read.shape(shape)),
  looseObject: ([shape], read) => z.looseObject(read.shape(shape)),
  object: ([shape], read) => z.object(read.shape(shape)),
  catchall: ([object, rest], read) => z.catchall(read.schema(object) as z.ZodMiniObject, read.schema(rest)),
  record: ([keys, values], read) => z.record(read.schema(keys) as z.ZodMiniString, read.schema(values)),
  partialRecord: ([keys, values], read) => z.partialRecord(read.schema(keys) as z.ZodMiniString, read.schema(values)),
  array: ([element], read) => z.array(read.schema(element)),
  nullable: ([inner], read) => z.nullable(read.schema(inner)),
  optional: ([inner], read) => z.optional(read.schema(inner)),
  _default: ([inner, fallback], read) => z._default(read.schema(inner), primitive(read.json(fallback)) as never),
  union: ([members], read) => z.union(read.schemas(members) as [Schema, ...Schema[]]),
  intersection: ([left, right], read) => z.intersection(read.schema(left), read.schema(right)),
  atLeastOneOf: ([object, fields, description], read) =>
    atLeastOneOf(read.schema(object) as z.ZodMiniObject, stringList(read.json(fields)) as never, read.text(description)),
};

/** The checks a tree may apply; `maxChars` is a code-point length bound and its mark for the export. */
const CHECKS: Record<string, Builder<Check[]>> = {
  minLength: ([limit], read) => [z.minLength(count(read.number(limit)))],
  maxLength: ([limit], read) => [z.maxLength(count(read.number(limit)))],
  maxChars: ([limit], read) => {
    const most = count(read.number(limit));
    const message = `Too big: expected string to have <=${most} characters`;
    return [z.refine((text: unknown) => [...(text as string)].length <= most, message) as Check, z.meta({ maxLength: most }) as unknown as Check];
  },
  regex: ([pattern, flags], read) => {
    const given = flags === undefined ? '' : read.text(flags);
    if (given !== 'u' && given !== '') fail('takes the flag "u" or none');
    try {
      return [z.regex(new RegExp(read.text(pattern), given))];
    } catch {
      return fail('holds a pattern that does not compile');
    }
  },
  gt: ([limit], read) => [z.gt(read.number(limit))],
  gte: ([limit], read) => [z.gte(read.number(limit))],
  lt: ([limit], read) => [z.lt(read.number(limit))],
  lte: ([limit], read) => [z.lte(read.number(limit))],
  multipleOf: ([step], read) => [z.multipleOf(read.number(step))],
  describe: ([text], read) => [z.describe(read.text(text)) as unknown as Check],
  meta: ([data], read) => {
    const given = read.json(data);
    if (given === null || typeof given !== 'object' || Array.isArray(given)) fail('takes an object');
    return [z.meta(given as Record<string, unknown>) as unknown as Check];
  },
};

function fail(why: string): never {
  throw new CorruptTree(why);
}

const count = (n: number): number => (Number.isSafeInteger(n) && n >= 0 ? n : fail('takes a whole number'));
const isPrimitive = (value: Json): boolean => value === null || ['string', 'number', 'boolean'].includes(typeof value);
const primitive = (value: Json): Json => (isPrimitive(value) ? value : fail('takes a string, number, boolean or null'));
const primitives = (value: Json): Json => (Array.isArray(value) ? (value.length > 0 ? value.map(primitive) : fail('takes values')) : primitive(value));
const stringList = (value: Json): [string, ...string[]] =>
  Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string') ? (value as [string, ...string[]]) : fail('takes strings');

/** A tree as the store keeps it, JSON text, read when a schema is first built from it. */
function parseTree(text: unknown): SchemaTree {
  if (typeof text !== 'string') fail('a schema is JSON text');
  let tree: unknown;
  try {
    tree = JSON.parse(text);
  } catch {
    return fail('a schema is not JSON');
  }
  return isObject(tree) ? (tree as unknown as SchemaTree) : fail('a schema is an object');
}

/**
 * Builds the zod schemas of one area's trees: `build(tree)` for an operation's schema (a tree, or
 * its JSON text); the named schemas it reaches (`named(i)`, JSON text) are read and built once each,
 * when first reached, a lazy reference through z.lazy. Throws CorruptTree, naming what is wrong, for
 * a tree that is not one the importer writes.
 */
export function createSchemaBuilder(named: (index: number) => string | undefined): (tree: SchemaTree | string) => Schema {
  const built = new Map<number, Schema>();
  const building = new Set<number>();
  let depth = 0;
  const namedSchema = (index: number): Schema => {
    const known = built.get(index);
    if (known) return known;
    const text = Number.isSafeInteger(index) ? named(index) : undefined;
    if (text === undefined) fail(`refers to named schema ${index}, which the area does not have`);
    if (building.has(index)) fail(`reaches named schema ${index} through itself without z.lazy`);
    building.add(index);
    try {
      const schema = build(parseTree(text));
      built.set(index, schema);
      return schema;
    } finally {
      building.delete(index);
    }
  };
  const reference = (tree: NamedTree): Schema => (tree.lazy === true ? z.lazy(() => namedSchema(tree.n)) : namedSchema(tree.n));
  const build = (tree: SchemaTree): Schema => {
    if (++depth > MAX_DEPTH) fail(`nests deeper than ${MAX_DEPTH} levels`);
    try {
      const base = isNamedTree(tree) ? reference(tree) : callOf(tree);
      const checks = checksOf(tree).flatMap((check) => run(CHECKS, check));
      return checks.length === 0 ? base : base.check(...checks);
    } finally {
      depth -= 1;
    }
  };
  const callOf = (tree: CallTree): Schema => {
    if (tree.z !== 'check') return run(SCHEMAS, tree);
    const [base, ...checks] = argumentsOf(tree);
    if (checks.length === 0) fail('check takes a schema and checks');
    return read.schema(base).check(...checks.flatMap((check) => run(CHECKS, asCall(check))));
  };
  const read: Reader = {
    schema: (arg) => (arg !== undefined && isTree(arg) ? build(arg) : fail('takes a schema')),
    schemas: (arg) =>
      arg !== undefined && 'list' in arg && Array.isArray(arg.list) && arg.list.length > 0 ? arg.list.map(read.schema) : fail('takes schemas'),
    shape: (arg) => shapeOf(arg, build),
    number: (arg) => (arg !== undefined && 'v' in arg && typeof arg.v === 'number' && Number.isFinite(arg.v) ? arg.v : fail('takes a number')),
    text: (arg) => (arg !== undefined && 'v' in arg && typeof arg.v === 'string' ? arg.v : fail('takes a string')),
    json: (arg) => (arg !== undefined && 'v' in arg ? arg.v : fail('takes a value')),
  };
  function run<T>(table: Record<string, Builder<T>>, tree: CallTree): T {
    if (typeof tree.z !== 'string' || !Object.hasOwn(table, tree.z))
      throw new CorruptTree(`${JSON.stringify(String(tree.z)).slice(0, 40)} is no zod function svc builds${table === CHECKS ? ' as a check' : ''}`, true);
    try {
      return table[tree.z]!(argumentsOf(tree), read);
    } catch (error) {
      if (error instanceof CorruptTree && !error.located) throw new CorruptTree(`z.${tree.z} ${error.message}`, true);
      throw error;
    }
  }
  return (tree) => build(typeof tree === 'string' ? parseTree(tree) : isObject(tree) ? tree : fail('a schema is an object'));
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
const isNamedTree = (tree: SchemaTree): tree is NamedTree => Object.hasOwn(tree, 'n');
const isTree = (arg: TreeArgument): arg is SchemaTree => isObject(arg) && (Object.hasOwn(arg, 'z') || Object.hasOwn(arg, 'n'));
const asCall = (arg: TreeArgument): CallTree => (isTree(arg) && !isNamedTree(arg) ? arg : fail('takes checks'));

function argumentsOf(tree: CallTree): TreeArgument[] {
  const args = tree.a ?? [];
  return Array.isArray(args) && args.every(isObject) ? args : fail('has arguments that are not a list of objects');
}

function checksOf(tree: SchemaTree): CallTree[] {
  const checks = tree.c ?? [];
  return Array.isArray(checks) ? checks.map(asCall) : fail('has checks that are not a list');
}

/** An object's properties, as own keys whatever they are called (`__proto__` included). */
function shapeOf(arg: TreeArgument | undefined, build: (tree: SchemaTree) => Schema): Record<string, Schema> {
  const fields = arg !== undefined && 'shape' in arg ? (arg as ShapeArgument).shape : undefined;
  if (!Array.isArray(fields)) fail('takes a shape');
  return Object.fromEntries(
    fields.map((field) =>
      Array.isArray(field) && field.length === 2 && typeof field[0] === 'string' && isObject(field[1])
        ? [field[0], build(field[1] as SchemaTree)]
        : fail('takes a shape of [name, schema] pairs'),
    ),
  );
}

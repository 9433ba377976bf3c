import { TreeInterpreter } from '@jmespath-community/jmespath';
import { isExactNumber } from '../client/exact-number.js';
import { orderedRecord } from '../client/key-order.js';

// What a `--query` search reads and builds is the answer's data, nothing else:
// - a field is an own key: `"__proto__"` or `constructor` on an object without that key is null,
//   not something inherited;
// - an object it builds (`{a: x, "1": y}`, merge, from_items, group_by) keeps its keys in the
//   order they are given, `__proto__` included, as the answer's own objects do (key-order.ts);
// - an expression reference (`&field`) is the evaluator's own node: it is told from data by
//   identity, not by an `expref` key an answer may hold, and it is never a result.
// The library's interpreter is patched once, here; query-budget.ts wraps the result.

type Node = { type: string; name?: string; children?: { name: string; value: unknown }[] };
type Visit = (this: Interpreter, node: Node, value: unknown) => unknown;
interface Interpreter {
  visit: Visit;
}

/** The expression references searches have made; only these are typed as references. */
const references = new WeakSet<object>();

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && !isExactNumber(value);

/** Whether the value holds an expression reference anywhere (a loop: the value may nest deeply). */
export function holdsReference(value: unknown): boolean {
  const pending: unknown[] = [value];
  const seen = new Set<object>();
  while (pending.length > 0) {
    const item = pending.pop();
    if (item === null || typeof item !== 'object' || seen.has(item)) continue;
    if (references.has(item)) return true;
    seen.add(item);
    pending.push(...Object.values(item));
  }
  return false;
}

/** Whether any reference was made since the count was last read: most searches make none. */
export function referencesMade(): boolean {
  const made = madeSinceRead;
  madeSinceRead = false;
  return made;
}
let madeSinceRead = false;

interface Runtime {
  getTypeName(value: unknown): number | undefined;
  createKeyFunction(expression: unknown, types: number[]): (item: unknown) => unknown;
  _functionTable: Record<string, { _func: (args: unknown[]) => unknown }>;
}

type VisitNode = (this: Interpreter, visit: Visit, node: Node, value: unknown) => unknown;

/**
 * The node types svc reads its own way; query-budget.ts's visit, the one wrapper around the
 * library's, sends them here, so a deep chain costs no extra stack frame a level.
 */
export const DATA_NODES: Partial<Record<string, VisitNode>> = {
  Field: (_visit, node, value) => (isRecord(value) && Object.hasOwn(value, node.name!) ? value[node.name!] : null),
  MultiSelectHash(_visit, node, value) {
    return orderedRecord(node.children!.map((child) => [child.name, this.visit(child.value as Node, value)] as const));
  },
  ExpressionReference(visit, node, value) {
    const reference = visit.call(this, node, value) as object;
    references.add(reference);
    madeSinceRead = true;
    return reference;
  },
};

{
  const runtime = TreeInterpreter.runtime as unknown as Runtime;
  const runtimePrototype = Object.getPrototypeOf(runtime) as typeof runtime & { dataOnly?: true };
  // Once, should this module be loaded twice (each test file loads it afresh; the library once).
  if (!runtimePrototype.dataOnly) patchRuntime(runtime, runtimePrototype);
}

function patchRuntime(runtime: Runtime, runtimePrototype: Runtime & { dataOnly?: true }): void {
  runtimePrototype.dataOnly = true;
  const typeName = runtimePrototype.getTypeName;
  const [OBJECT, STRING, EXPREF] = [4, 2, 6];
  runtimePrototype.getTypeName = function dataTypeName(value) {
    if (isRecord(value)) return references.has(value) ? EXPREF : OBJECT;
    return typeName.call(this, value);
  };
  // Called once the library has checked the arguments' types; query-budget.ts wraps merge after this.
  const table = runtime._functionTable;
  table.merge!._func = (args) => orderedRecord((args as Record<string, unknown>[]).flatMap((arg) => Object.entries(arg)));
  table.from_items!._func = ([pairs]) => {
    for (const pair of pairs as unknown[][])
      if (pair.length !== 2 || typeof pair[0] !== 'string') throw new Error('invalid value, each array must contain two elements, a pair of string and value');
    return orderedRecord(pairs as [string, unknown][]);
  };
  table.group_by!._func = ([items, expression]) => {
    const keyOf = runtime.createKeyFunction(expression, [STRING]);
    const groups = new Map<string, unknown[]>();
    for (const item of items as unknown[]) {
      const key = keyOf(item ?? {}) as string;
      const group = groups.get(key);
      if (group) group.push(item);
      else groups.set(key, [item]);
    }
    return orderedRecord(groups);
  };
}

import { TreeInterpreter } from '@jmespath-community/jmespath';
// Patched first, so the budget below wraps what it builds.
import { DATA_NODES } from './query-data.js';

// A JMESPath result can grow exponentially with the expression (`[@,@][]` repeated doubles an
// array each time; `join` doubles strings): V8 then dies with "Invalid string length" or aborts.
// svc counts what a search builds and stops it at a documented budget.

/** Array items and string characters a search may build, in all (README, Limits). */
export const MAX_QUERY_WORK = 10_000_000;
/** Values a result may hold, counting shared parts each time they appear (as printing would). */
export const MAX_RESULT_VALUES = 10_000_000;

export class QueryBudgetError extends Error {}

let remaining = Number.POSITIVE_INFINITY;

function charge(work: number): void {
  remaining -= work;
  if (remaining < 0) throw new QueryBudgetError(`the search built more than ${MAX_QUERY_WORK.toLocaleString('en')} values and characters; svc stopped it`);
}

/**
 * What walking the whole of `value` costs: every value it holds, shared parts each time they
 * appear. `[@,@]` repeated builds a small graph that unfolds exponentially; `to_string` and `==`
 * walk it unfolded, so they are charged for that before they start (25 doublings and a
 * `to_string` would take tens of seconds, then overflow the stack).
 */
const walkCost = (value: unknown): number => (value === null || typeof value !== 'object' ? 1 : measureResult(value, Number.POSITIVE_INFINITY).values);

/** Keys of an object, counted once per object: `merge(@, @, …)` names the same large object thousands of times. */
const keyCounts = new WeakMap<object, number>();
function keyCount(value: unknown): number {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return 0;
  let count = keyCounts.get(value);
  if (count === undefined) keyCounts.set(value, (count = Object.keys(value).length));
  return count;
}
const textLength = (value: unknown): number => (typeof value === 'string' ? value.length : 0);

/**
 * Functions charged before they run: what they walk (an object's keys, a value unfolded) or the
 * most they could build, which can be far more than their arguments (a width of 10⁹, a 16 KB
 * separator between a million items) and would otherwise end in "Invalid string length" or run
 * for minutes before the result is charged.
 */
const UPFRONT: Record<string, (args: unknown[]) => number> = {
  to_string: ([value]) => walkCost(value),
  length: ([value]) => keyCount(value),
  merge: (args) => args.reduce<number>((sum, arg) => sum + keyCount(arg), 0),
  pad_left: ([, width]) => (typeof width === 'number' ? width : 0),
  pad_right: ([, width]) => (typeof width === 'number' ? width : 0),
  replace: ([text, search, replacement]) => textLength(text) + (textLength(text) / Math.max(1, textLength(search)) + 1) * textLength(replacement),
  join: ([separator, list]) => (Array.isArray(list) ? list.reduce<number>((sum, item) => sum + textLength(item) + textLength(separator), 0) : 0),
};

type SearchNode = { type: string; name?: string; left?: SearchNode; right?: SearchNode };
type Visit = (node: SearchNode, value: unknown) => unknown;
const prototype = Object.getPrototypeOf(TreeInterpreter) as { visit: Visit; budgeted?: true };
if (!prototype.budgeted) {
  const visit = prototype.visit;
  // Every interpreter (the default and those `let` scopes make) shares this prototype.
  prototype.visit = function budgetedVisit(this: { visit: Visit }, node, value) {
    const ownWay = DATA_NODES[node.type];
    const result = ownWay
      ? ownWay.call(this, visit, node, value)
      : node.type === 'Comparator' && (node.name === 'EQ' || node.name === 'NE')
        ? compareDeeply.call(this, visit, node, value)
        : visit.call(this, node, value);
    if (Array.isArray(result)) charge(result.length + 1);
    else if (typeof result === 'string') charge(result.length);
    else charge(1);
    return result;
  };
  const table = (TreeInterpreter as unknown as { runtime: { _functionTable: Record<string, { _func: (args: unknown[]) => unknown }> } }).runtime._functionTable;
  for (const [name, cost] of Object.entries(UPFRONT)) {
    const entry = table[name]!;
    const run = entry._func;
    // Called once the library has checked the arguments' types.
    entry._func = (args) => {
      charge(cost(args));
      // An object's key count is known once counted: `length(@)` named 150 times walks it once.
      if (name === 'length' && args[0] !== null && typeof args[0] === 'object' && !Array.isArray(args[0])) return keyCount(args[0]);
      return run(args);
    };
  }
  prototype.budgeted = true;
}

/** `==` and `!=`: both sides searched, the deep comparison charged, then the library's own comparison of the two values. */
function compareDeeply(this: { visit: Visit }, visit: Visit, node: SearchNode, value: unknown): unknown {
  const first = this.visit(node.left!, value);
  const second = this.visit(node.right!, value);
  charge(Math.min(walkCost(first), walkCost(second)));
  return visit.call(this, { ...node, left: { type: 'Literal', value: first }, right: { type: 'Literal', value: second } } as SearchNode, value);
}

/** Runs a search with the work budget; the budget is off again afterwards. */
export function withQueryBudget<T>(search: () => T): T {
  remaining = MAX_QUERY_WORK;
  try {
    return search();
  } finally {
    remaining = Number.POSITIVE_INFINITY;
  }
}

/**
 * How many values the result would print as, and how deep (up to `maxDepth` + 1): shared parts
 * (`[@, @]`) count every time, so a small graph that prints as an astronomically long text is
 * caught before printing.
 */
export function measureResult(value: unknown, maxDepth: number): { values: number; depth: number } {
  const sizes = new Map<object, { values: number; depth: number }>();
  const measure = (item: unknown, level: number): { values: number; depth: number } => {
    if (item === null || typeof item !== 'object') return { values: 1, depth: 0 };
    if (level > maxDepth) return { values: 1, depth: 1 };
    const known = sizes.get(item);
    if (known) return known;
    let values = 1;
    let depth = 0;
    for (const child of Object.values(item)) {
      const inner = measure(child, level + 1);
      values = Math.min(Number.MAX_SAFE_INTEGER, values + inner.values);
      depth = Math.max(depth, inner.depth + 1);
    }
    const size = { values, depth };
    sizes.set(item, size);
    return size;
  };
  return measure(value, 0);
}

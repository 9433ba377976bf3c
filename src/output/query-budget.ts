import { TreeInterpreter } from '@jmespath-community/jmespath';

// A JMESPath result can grow exponentially with the expression (`[@,@][]` repeated doubles an
// array each time; `join` doubles strings): V8 then dies with "Invalid string length" or aborts
// (issue #17). svc counts what a search builds and stops it at a documented budget.

/** Array items and string characters a search may build, in all (README, Limits). */
export const MAX_QUERY_WORK = 10_000_000;
/** Values a result may hold, counting shared parts each time they appear (as printing would). */
export const MAX_RESULT_VALUES = 10_000_000;

export class QueryBudgetError extends Error {}

let remaining = Number.POSITIVE_INFINITY;

type Visit = (node: unknown, value: unknown) => unknown;
const prototype = Object.getPrototypeOf(TreeInterpreter) as { visit: Visit; budgeted?: true };
if (!prototype.budgeted) {
  const visit = prototype.visit;
  // Every interpreter (the default and those `let` scopes make) shares this prototype.
  prototype.visit = function budgetedVisit(this: unknown, node, value) {
    const result = visit.call(this, node, value);
    if (Array.isArray(result)) remaining -= result.length + 1;
    else if (typeof result === 'string') remaining -= result.length;
    else remaining -= 1;
    if (remaining < 0) throw new QueryBudgetError(`the search built more than ${MAX_QUERY_WORK.toLocaleString('en')} values and characters; svc stopped it`);
    return result;
  };
  prototype.budgeted = true;
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

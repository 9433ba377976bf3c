import { compile, tokenize } from '@jmespath-community/jmespath';
import { isExactNumber } from '../client/exact-number.js';
import { QUERY_OPTIONS, scanQuotes } from './query-syntax.js';

// What a wait shows of its condition: for `syncStatus == 'synced'`, the value of `syncStatus` as
// it changes (src/core/wait-condition.ts). Read from the expression's own tokens, so the part
// shown is the text the user wrote.

const COMPARATORS: ReadonlySet<string> = new Set(['EQ', 'NE', 'LT', 'LTE', 'GT', 'GTE']);
const OPENERS: ReadonlySet<string> = new Set(['Lparen', 'Lbracket', 'Lbrace', 'Filter']);
const CLOSERS: ReadonlySet<string> = new Set(['Rparen', 'Rbracket', 'Rbrace']);

/**
 * The side of a comparison the expression watches: for a whole expression that compares (`a.b ==
 * 'x'`, `length(items) >= \`2\``), the text of the side that is not a literal (the left one when
 * neither is); undefined for any other expression. The expression has compiled already.
 */
export function comparedPart(expression: string): string | undefined {
  const root = compile(expression, QUERY_OPTIONS) as { type: string; left?: { type: string }; right?: { type: string } };
  if (root.type !== 'Comparator') return undefined;
  let depth = 0;
  let split: { start: number; end: number } | undefined;
  for (const token of tokenize(expression, QUERY_OPTIONS)) {
    if (OPENERS.has(token.type)) depth++;
    else if (CLOSERS.has(token.type)) depth--;
    // The last comparator outside brackets is the root's: comparators chain to the left.
    else if (depth === 0 && COMPARATORS.has(token.type)) split = { start: token.start, end: token.start + String(token.value).length };
  }
  if (!split) return undefined;
  const left = expression.slice(0, split.start).trim();
  const right = expression.slice(split.end).trim();
  return root.left?.type === 'Literal' && root.right?.type !== 'Literal' ? right : left;
}

/**
 * The literal a whole comparison compares with (`revision == '4'`: the text "4"), when exactly one
 * of its sides is a literal; undefined for any other expression. The expression has compiled already.
 */
export function comparedLiteral(expression: string): { value: unknown } | undefined {
  type Node = { type: string; value?: unknown };
  const root = compile(expression, QUERY_OPTIONS) as { type: string; left?: Node; right?: Node };
  if (root.type !== 'Comparator') return undefined;
  const literals = [root.left, root.right].filter((side) => side?.type === 'Literal');
  return literals.length === 1 ? { value: literals[0]!.value } : undefined;
}

/**
 * Whether a JMESPath value is true, as JMESPath's own `||`, `&&`, `!` and filters read it: false,
 * null, an empty string, an empty list and an empty object are false; everything else, 0 included,
 * is true.
 */
export function isTruthy(value: unknown): boolean {
  if (value === null || value === undefined || value === false || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return isExactNumber(value) || Object.keys(value).length > 0;
  return true;
}

/**
 * Whether the whole expression binds a name rather than comparing (`syncStatus=synced`, as `kubectl
 * wait --for=jsonpath=…=value` reads): this JMESPath reads it as a binding whose value, an object,
 * is always true.
 */
export function bindsRatherThanCompares(expression: string): boolean {
  try {
    return (compile(expression, QUERY_OPTIONS) as { type: string }).type === 'Binding';
  } catch {
    return false; // not an expression at all: compileQuery says why
  }
}

/** For `name=value` (one `=`, outside quotes): the JMESPath comparison a user meant, to suggest. */
export function suggestComparison(expression: string): string | undefined {
  if (scanQuotes(expression).unterminated) return undefined;
  const match = /^\s*([A-Za-z_][\w.]*)\s*=\s*([^=\s].*?)\s*$/.exec(expression);
  if (!match) return undefined;
  const value = match[2]!;
  const quoted = /^'.*'$|^`.*`$/.test(value) ? value : /^".*"$/.test(value) ? `'${value.slice(1, -1)}'` : undefined;
  const literal = quoted ?? (/^(-?\d+(\.\d+)?|true|false|null)$/.test(value) ? `\`${value}\`` : `'${value.replace(/'/g, "\\'")}'`);
  return `${match[1]} == ${literal}`;
}

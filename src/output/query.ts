import { compile, TreeInterpreter, type JSONValue } from '@jmespath-community/jmespath';
import { MAX_JSON_DEPTH, tooDeep } from '../client/response-body.js';
import { withDoubles, withExactTexts } from './query-numbers.js';
import { MAX_RESULT_VALUES, measureResult, withQueryBudget } from './query-budget.js';
import { holdsReference, referencesMade } from './query-data.js';
import { checkLoneBindings, checkShape, checkTreeDepth, columnAt, describeSyntaxError, QUERY_OPTIONS, quoteText } from './query-syntax.js';

// `--query`: JMESPath, compiled before anything is sent so that a bad expression costs no request.

type Node = ReturnType<typeof compile>;

export type QueryResult = { ok: true; value: unknown } | { ok: false; message: string };

/** A compiled `--query`, applied to a response or to each batch line's result. */
export type ResultQuery = (data: unknown) => QueryResult;

export type CompiledQuery = { ok: true; apply(data: unknown): QueryResult } | { ok: false; message: string };

/** Compiles a JMESPath expression, or says what is wrong and at which column. */
export function compileQuery(expression: string): CompiledQuery {
  if (expression.trim() === '') return { ok: false, message: 'the expression is empty' };
  const shape = checkShape(expression);
  if (shape) return { ok: false, message: `${shape} in ${quoteText(expression)}` };
  let node: Node;
  try {
    node = compile(expression, QUERY_OPTIONS);
  } catch (error) {
    return { ok: false, message: `${describeSyntaxError(expression, error as Error)} in ${quoteText(expression)}` };
  }
  const badCall =
    checkTreeDepth(node) ??
    checkFunctionCalls(node, expression) ??
    checkLoneBindings(node) ??
    (node.type === 'ExpressionReference' ? `an expression reference at column ${columnAt(expression, expression.search(/\S/))} ${REFERENCE_ALONE}` : undefined);
  if (badCall) return { ok: false, message: `${badCall} in ${quoteText(expression)}` };
  return {
    ok: true,
    apply(data) {
      const doubles = withDoubles(data);
      const result = search(node, doubles.value);
      return result.ok ? { ok: true, value: withExactTexts(result.value, doubles.texts) } : result;
    },
  };
}

/** Runs the search within the work budget; a result too big or too deep to print is refused here. */
function search(node: Node, data: unknown): QueryResult {
  let value: unknown;
  referencesMade();
  try {
    value = withQueryBudget(() => TreeInterpreter.search(node, data as JSONValue));
  } catch (error) {
    return { ok: false, message: error instanceof RangeError ? rangeErrorWords(error) : (error as Error).message };
  }
  const size = measureResult(value, MAX_JSON_DEPTH);
  if (size.values > MAX_RESULT_VALUES) return { ok: false, message: `the result would hold over ${MAX_RESULT_VALUES.toLocaleString('en')} values` };
  if (size.depth > MAX_JSON_DEPTH) return { ok: false, message: tooDeep('the result') };
  if (referencesMade() && holdsReference(value)) return { ok: false, message: `the result holds an expression reference, which ${REFERENCE_ALONE}` };
  return { ok: true, value };
}

/** An expression reference is the evaluator's, not data: it is never printed. */
const REFERENCE_ALONE = 'is not a value (pass one to a function that takes it, as in sort_by(items, &name))';

/** What a RangeError from a search means: too deep for the stack, or a value too large to build. */
const rangeErrorWords = (error: RangeError): string =>
  /call stack/i.test(error.message)
    ? 'the search ran out of stack (the expression or the data nests too deeply)'
    : `the search built a value too large to hold (${error.message})`;

interface CallNode {
  type: 'Function';
  name: string;
  children: unknown[];
}

/** Unknown functions and wrong argument counts, which the library would only find while searching. */
function checkFunctionCalls(node: unknown, expression: string): string | undefined {
  for (const call of functionCalls(node)) {
    const column = columnAt(expression, new RegExp(`\\b${call.name}\\s*\\(`).exec(expression)?.index ?? 0) - 1;
    // The function table is typed public (underscore or not); it holds each function's signature.
    const entry = TreeInterpreter.runtime._functionTable[call.name];
    if (!entry) return `unknown function ${call.name}() at column ${column + 1}`;
    const signature = entry._signature;
    const required = signature.filter((arg) => !arg.optional).length;
    const variadic = signature.at(-1)?.variadic === true;
    const given = call.children.length;
    if (given < required || (!variadic && given > signature.length)) {
      const expected = variadic ? `at least ${required}` : required === signature.length ? `${required}` : `${required} to ${signature.length}`;
      const plural = required === 1 && (variadic || required === signature.length) ? '' : 's';
      return `${call.name}() takes ${expected} argument${plural}, not ${given} (column ${column + 1})`;
    }
  }
  return undefined;
}

/** Function calls in the syntax tree; a loop, not recursion, so a long chain cannot exhaust the stack. */
function* functionCalls(root: unknown): Generator<CallNode> {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const node = pending.pop();
    if (node === null || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      pending.push(...node);
      continue;
    }
    const record = node as Record<string, unknown>;
    if (record.type === 'Literal') continue; // a literal's JSON value is data, not syntax
    if (record.type === 'Function') yield record as unknown as CallNode;
    pending.push(...Object.values(record));
  }
}

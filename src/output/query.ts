import { compile, tokenize, TreeInterpreter, type JSONValue } from '@jmespath-community/jmespath';

// `--query`: JMESPath, compiled before anything is sent so that a bad expression costs no request.
// The library says what is wrong but not where; the column is found by compiling ever longer
// prefixes of the expression, a token at a time.

type Node = ReturnType<typeof compile>;

// Backquoted bare words (`open` for "open") are accepted, as the AWS CLI accepts them.
const OPTIONS = { enable_legacy_literals: true };

export type QueryResult = { ok: true; value: unknown } | { ok: false; message: string };

export type CompiledQuery = { ok: true; apply(data: unknown): QueryResult } | { ok: false; message: string };

/** Compiles a JMESPath expression, or says what is wrong and at which column. */
export function compileQuery(expression: string): CompiledQuery {
  if (expression.trim() === '') return { ok: false, message: 'the expression is empty' };
  let node: Node;
  try {
    node = compile(expression, OPTIONS);
  } catch (error) {
    return { ok: false, message: `${describeSyntaxError(expression, error as Error)} in ${quote(expression)}` };
  }
  const badCall = checkFunctionCalls(node, expression);
  if (badCall) return { ok: false, message: `${badCall} in ${quote(expression)}` };
  return {
    ok: true,
    apply(data) {
      try {
        return { ok: true, value: TreeInterpreter.search(node, data as JSONValue) };
      } catch (error) {
        return { ok: false, message: (error as Error).message };
      }
    },
  };
}

function describeSyntaxError(expression: string, error: Error): string {
  if (error.name === 'LexerError') {
    const at = lexableLength(expression);
    const char = expression[at] ?? '';
    if ('`"\''.includes(char)) return `unterminated or malformed ${char === '"' ? 'quoted name' : 'literal'} at column ${at + 1}`;
    return `unexpected character ${quote(char)} at column ${at + 1}`;
  }
  const starts = tokenize(expression, OPTIONS).map((token) => token.start);
  for (let i = 0; i < starts.length; i++) {
    const end = starts[i + 1] ?? expression.length;
    const problem = syntaxProblem(expression.slice(0, end));
    if (problem && !/\bEOF\b/.test(problem)) return `unexpected ${quote(expression.slice(starts[i], end).trim())} at column ${starts[i]! + 1}`;
  }
  return `the expression ends too early (after column ${expression.trimEnd().length})`;
}

function syntaxProblem(expression: string): string | undefined {
  try {
    compile(expression, OPTIONS);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/** Length of the longest prefix the lexer reads without complaint: the fault is just after it. */
function lexableLength(expression: string): number {
  for (let length = expression.length - 1; length > 0; length--) {
    try {
      tokenize(expression.slice(0, length), OPTIONS);
      return length;
    } catch {
      // still holds the fault
    }
  }
  return 0;
}

interface CallNode {
  type: 'Function';
  name: string;
  children: unknown[];
}

/** Unknown functions and wrong argument counts, which the library would only find while searching. */
function checkFunctionCalls(node: unknown, expression: string): string | undefined {
  for (const call of functionCalls(node)) {
    const column = new RegExp(`\\b${call.name}\\s*\\(`).exec(expression)?.index ?? 0;
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

function* functionCalls(node: unknown): Generator<CallNode> {
  if (node === null || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const item of node) yield* functionCalls(item);
    return;
  }
  const record = node as Record<string, unknown>;
  if (record.type === 'Literal') return; // a literal's JSON value is data, not syntax
  if (record.type === 'Function') yield record as unknown as CallNode;
  for (const value of Object.values(record)) yield* functionCalls(value);
}

const quote = (text: string): string => JSON.stringify(text.length > 60 ? `${text.slice(0, 57)}...` : text);

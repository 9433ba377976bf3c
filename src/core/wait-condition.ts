import { compileQuery } from '../output/query.js';
import { isExactNumber } from '../client/exact-number.js';
import { bindsRatherThanCompares, comparedLiteral, comparedPart, isTruthy, suggestComparison } from '../output/query-parts.js';

/** A value the wait watches change, as the status line and the messages name it: `syncStatus`, `status`. */
export interface Watched {
  label: string;
  value: unknown;
}

/**
 * What a condition makes of one 2xx answer: whether it holds, and the value it watches; `problem`
 * when it could not be evaluated (the wait goes on: the answer may take another shape later),
 * `stop` when it never will be (the library's function threw); `hint` when it compares the watched
 * value with a literal of another type (a number with text), which JMESPath never finds equal.
 */
export type ConditionReading =
  | { holds: boolean; watched?: Watched; problem?: undefined; hint?: string }
  | { holds: false; watched?: Watched; problem: string; stop?: true; hint?: undefined };

/**
 * What a wait waits for (or fails on): `exists` (a 2xx), `deleted` (a 404), or a test of a 2xx
 * answer's data: a JMESPath expression true by JMESPath's rules, or the library's own function.
 */
export type Condition = { kind: 'exists' | 'deleted'; text: string } | { kind: 'value'; text: string; test(data: unknown): ConditionReading };

export type ConditionCompiled = { ok: true; condition: Condition } | { ok: false; message: string };

/**
 * Compiles a condition as given (`--wait-for`, `--wait-fail`, the library's `until`): `exists`
 * and `deleted` where `words` allows them, else a JMESPath expression, compiled with `--query`'s
 * limits before anything is sent.
 */
export function compileCondition(text: string, words: 'exists-or-deleted' | 'expression-only'): ConditionCompiled {
  const trimmed = text.trim();
  if (trimmed === 'exists' || trimmed === 'deleted') {
    if (words === 'exists-or-deleted') return { ok: true, condition: { kind: trimmed, text: trimmed } };
    return { ok: false, message: `${trimmed} is a --wait-for condition; here, give a JMESPath expression that is true of a failed state` };
  }
  const meant = suggestComparison(text);
  if (bindsRatherThanCompares(text))
    return {
      ok: false,
      message: `${JSON.stringify(text.trim())} names a value rather than comparing it, so it would always be true; JMESPath compares with ==${meant ? ` and quotes text: ${meant}` : ''}`,
    };
  const compiled = compileQuery(text);
  if (!compiled.ok) return { ok: false, message: meant ? `${compiled.message}; JMESPath compares with == and quotes text: ${meant}` : compiled.message };
  const part = comparedPart(text);
  const watchedQuery = part === undefined ? undefined : compileQuery(part);
  const watch = watchedQuery?.ok ? watchedQuery : undefined;
  const label = watch ? part! : text.trim();
  const literal = comparedLiteral(text);
  return {
    ok: true,
    condition: {
      kind: 'value',
      text: text.trim(),
      test(data) {
        const result = compiled.apply(data);
        if (!result.ok) return { holds: false, problem: result.message };
        const shown = watch?.apply(data);
        const holds = isTruthy(result.value);
        const value = shown?.ok ? shown.value : result.value;
        const hint = !holds && literal ? typeMismatch(label, value, literal.value) : undefined;
        return { holds, watched: { label, value }, ...(hint ? { hint } : {}) };
      },
    },
  };
}

/**
 * The library's `until: (data) => boolean`: true when the function returns a truthy value; a throw
 * ends the wait, and so does a promise (an async function's answer), which would read as true at once.
 */
export function predicateCondition(test: (data: unknown) => unknown, name = 'the until function'): Condition {
  return {
    kind: 'value',
    text: name,
    test(data) {
      try {
        const answer = test(data);
        if (!isThenable(answer)) return { holds: Boolean(answer) };
        // Its outcome is never read: a rejection must not go unhandled in the caller's process.
        Promise.resolve(answer).catch(() => {});
        return {
          holds: false,
          problem: `${name} returned a promise: a condition answers at once, with a value that is true or not; await what it needs before waitFor`,
          stop: true,
        };
      } catch (error) {
        return { holds: false, problem: `${name} threw: ${error instanceof Error ? error.message : String(error)}`, stop: true };
      }
    },
  };
}

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  (typeof value === 'object' || typeof value === 'function') && value !== null && typeof (value as { then?: unknown }).then === 'function';

const NUMBER_TEXT = /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/;

/** `a number`, `text`: a value's JSON type in words. */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'number' || isExactNumber(value)) return 'a number';
  if (typeof value === 'string') return 'text';
  return typeof value === 'boolean' ? 'true or false' : 'an object';
}

/**
 * `revision is a number, and the condition compares it with text: write \`4\``: a comparison of the
 * watched value with a literal of another JSON type, which never holds; with the literal rewritten
 * where it reads as the other type. A value that is missing (null) is not a mix-up of types.
 */
function typeMismatch(label: string, value: unknown, literal: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  const [kind, literalKind] = [kindOf(value), kindOf(literal)];
  if (kind === literalKind) return undefined;
  const rewrite =
    kind === 'text'
      ? typeof literal === 'number' || typeof literal === 'boolean'
        ? `'${String(literal)}'`
        : ''
      : typeof literal === 'string' && (kind === 'a number' ? NUMBER_TEXT.test(literal) : kind === 'true or false' && /^(true|false)$/.test(literal))
        ? `\`${literal}\``
        : '';
  return `${label} is ${kind}, and the condition compares it with ${literalKind}${rewrite ? `: write ${rewrite}` : ''}`;
}

import { readDuration } from '../config/durations.js';
import { type WaitPlan } from '../core/wait.js';
import { compileCondition } from '../core/wait-condition.js';
import type { WaitNames } from '../core/wait-words.js';
import { InputError } from '../errors.js';

type JsonSchema = Record<string, unknown>;

// A tool's optional `wait` argument: the call is made again until its answer meets a condition,
// within one tools/call, so an agent waits in one call instead of polling turn by turn. The time
// is bounded so the call ends well within a client's request timeout (60 s in the SDKs).

/** The argument's name; a tool whose operation has an input of this name does not offer it. */
export const WAIT_ARGUMENT = 'wait';

/** The longest wait of one call, and the wait when none is given, in seconds. */
export const MAX_WAIT_SECONDS = 45;
export const DEFAULT_WAIT_SECONDS = 20;

const TIMEOUT = { name: 'wait.timeout', min: 0.01, max: MAX_WAIT_SECONDS };
/** The first pause, as the command line's default: a second, or the whole time when shorter. */
const INTERVAL_MS = 1000;
const MIN_INTERVAL_MS = 100;

/** How the wait's messages name its parts. */
export const WAIT_NAMES: WaitNames = { until: 'wait.until', failWhen: 'wait.failWhen', timeout: 'wait.timeout' };

/** How one tool call's wait went, in its result (or beside its error). */
export interface ToolWait {
  outcome: 'met' | 'failed' | 'timeout' | 'error' | 'interrupted';
  polls: number;
  waitedMs: number;
  /** When it was not met: how it ended, in a sentence. */
  message?: string;
}

/**
 * The argument as each tool declares it, kept short (tools/list has a budget: src/mcp/serve.ts);
 * the server's instructions say the rest once (WAIT_INSTRUCTIONS).
 */
export const waitArgumentSchema: JsonSchema = {
  type: 'object',
  description: 'see the instructions: wait',
  properties: { until: { type: 'string' }, failWhen: { type: 'string' }, timeout: { type: 'number', maximum: MAX_WAIT_SECONDS } },
  required: ['until'],
};

/** The output schema's `wait`: how the wait went (the instructions say its fields). */
export const waitOutputSchema: JsonSchema = { type: 'object' };

/** What the server's instructions say of `wait`, once for every tool that takes it. */
export const WAIT_INSTRUCTIONS = [
  `wait: a tool that takes it calls its operation again until the answer meets wait.until, within the one call, so you wait in one call instead of calling turn after turn.`,
  `until is a JMESPath expression, true unless false, null, "", [] or {} (compare a value: syncStatus == 'synced'), or exists (the call answers 2xx) or deleted (it answers 404); failWhen, a JMESPath expression, stops it at once;`,
  `timeout, in seconds, ends it (default ${DEFAULT_WAIT_SECONDS}, at most ${MAX_WAIT_SECONDS}); the calls are a second apart, then half as long again each time.`,
  'The result is the last answer with wait: { outcome: met | failed | timeout | error | interrupted, polls, waitedMs, message }; a timeout or failure is not an error of the call: read wait.outcome, and call again to wait longer.',
].join(' ');

/** The `wait` argument read into a plan; an InputError names what is wrong (nothing is sent). */
export function readToolWait(given: unknown): WaitPlan {
  if (given === null || typeof given !== 'object' || Array.isArray(given))
    throw new InputError({ field: 'wait', message: 'must be an object, at least { "until": … }' });
  const { until, failWhen, timeout, ...rest } = given as Record<string, unknown>;
  const unknown = Object.keys(rest);
  if (unknown.length > 0) throw new InputError({ field: 'wait', message: `unknown ${unknown.join(', ')}: it takes until, failWhen and timeout` });
  if (typeof until !== 'string') throw new InputError({ field: 'wait.until', message: 'must be a JMESPath expression, exists or deleted' });
  const timeoutMs = seconds(timeout, TIMEOUT, DEFAULT_WAIT_SECONDS * 1000);
  const plan: WaitPlan = {
    until: condition('wait.until', until, 'exists-or-deleted'),
    timeoutMs,
    intervalMs: Math.max(MIN_INTERVAL_MS, Math.min(INTERVAL_MS, timeoutMs)),
  };
  if (failWhen !== undefined) {
    if (typeof failWhen !== 'string') throw new InputError({ field: 'wait.failWhen', message: 'must be a JMESPath expression' });
    plan.failWhen = condition('wait.failWhen', failWhen, 'expression-only');
  }
  return plan;
}

function condition(field: string, text: string, words: 'exists-or-deleted' | 'expression-only') {
  const compiled = compileCondition(text, words);
  if (!compiled.ok) throw new InputError({ field, message: compiled.message });
  return compiled.condition;
}

function seconds(given: unknown, spec: { name: string; min: number; max: number }, fallback: number): number {
  if (given === undefined) return fallback;
  const reading = typeof given === 'number' ? readDuration(given, spec) : undefined;
  if (!reading?.ok) throw new InputError({ field: spec.name, message: `must be a number of seconds from ${spec.min} to ${spec.max}` });
  return reading.ms;
}

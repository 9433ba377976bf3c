import { describeThrown } from '../client/call-arguments.js';
import type { CallResult } from '../client/result.js';
import type { WaitOptions, WaitResult } from './client-wait-types.js';
import type { RetryOptions } from '../client/retry.js';
import { DURATION_OPTIONS, type DurationSpec, readDuration } from '../config/durations.js';
import { canWait, WAIT_DEFAULTS, whyNoWait } from '../input/wait-flags.js';
import { buildOperationRequest, type OperationCall, type OperationDeps, prepareCall } from './run-operation.js';
import { type WaitEnd, type WaitPlan, waitForState } from './wait.js';
import { type Condition, compileCondition, predicateCondition } from './wait-condition.js';
import { waitEndWords, type WaitNames } from './wait-words.js';

export type { WaitOptions, WaitResult } from './client-wait-types.js';

const NAMES: WaitNames = { until: 'until', failWhen: 'failWhen', timeout: 'timeout' };

/** Runs a prepared call's wait, as the client hands it over: its deps, the caller's signal among them. */
export type WaitRunner = (deps: OperationDeps, call: OperationCall) => Promise<CallResult<unknown>>;

/**
 * `client.waitFor`: the options read (a misuse resolves to an `invalid` failure, nothing sent),
 * then `callWith` runs the call with `run`, which waits as `svc … --wait-for` does. Never rejects.
 */
export async function runClientWait<T>(
  options: WaitOptions<T> | undefined,
  callWith: (signal: AbortSignal | undefined, run: WaitRunner) => Promise<CallResult<T>>,
): Promise<WaitResult<T>> {
  const read = readWaitOptions(options);
  if (!read.ok) return notWaited(read.message);
  let end: WaitEnd | undefined;
  const run: WaitRunner = async (deps, call) => {
    if (!canWait(call.op)) return invalid(`waitFor: ${call.op.method} ${call.op.path} cannot wait: ${whyNoWait(call.op)}`);
    const prepared = prepareCall(call);
    if (!prepared.ok) return { ok: false, status: 0, error: prepared.error };
    const request = buildOperationRequest(deps, prepared.call);
    end = await waitForState({ ...deps, signal: deps.target.signal, retry: deps.retry! as RetryOptions, hooks: undefined }, call.op, request, read.plan);
    return end.last.result;
  };
  const result = await callWith(read.signal, run);
  if (!end) return { ...result, outcome: 'failed', polls: 0, waitedMs: 0 };
  const done: WaitEnd = end;
  const outcome = done.outcome === 'met' || done.outcome === 'timeout' ? done.outcome : 'failed';
  const message = waitEndWords(done, read.plan, NAMES);
  return {
    // Stopped by its signal, in a pause or a poll: the call's aborted failure, whatever the poll before it answered.
    ...(done.outcome === 'interrupted' && result.ok ? stopped() : result),
    outcome,
    polls: done.polls,
    waitedMs: done.waitedMs,
    ...(done.problem ? { problem: done.problem } : {}),
    ...(message ? { message } : {}),
  };
}

type ReadWait = { ok: true; plan: WaitPlan; signal: AbortSignal | undefined } | { ok: false; message: string };

/** The options, each read once: conditions compiled, durations checked against the CLI's ranges. */
function readWaitOptions(options: WaitOptions<never> | WaitOptions<unknown> | undefined): ReadWait {
  if (options === null || typeof options !== 'object') return { ok: false, message: 'waitFor: the options must be an object, at least { until }' };
  try {
    const { until, failWhen, timeout, interval, signal } = options;
    const untilCondition = condition('until', until, 'exists-or-deleted');
    if (typeof untilCondition === 'string') return { ok: false, message: untilCondition };
    const failCondition = failWhen === undefined ? undefined : condition('failWhen', failWhen, 'expression-only');
    if (typeof failCondition === 'string') return { ok: false, message: failCondition };
    const timeoutMs = seconds('timeout', timeout, DURATION_OPTIONS.waitTimeout, WAIT_DEFAULTS.timeoutMs);
    if (typeof timeoutMs === 'string') return { ok: false, message: timeoutMs };
    const fallback = Math.max(DURATION_OPTIONS.waitInterval.min * 1000, Math.min(WAIT_DEFAULTS.intervalMs, timeoutMs));
    const intervalMs = seconds('interval', interval, DURATION_OPTIONS.waitInterval, fallback);
    if (typeof intervalMs === 'string') return { ok: false, message: intervalMs };
    if (signal !== undefined && !(signal instanceof AbortSignal)) return { ok: false, message: 'waitFor: signal must be an AbortSignal' };
    const plan: WaitPlan = { until: untilCondition, timeoutMs, intervalMs, ...(failCondition ? { failWhen: failCondition } : {}) };
    return { ok: true, plan, signal };
  } catch (error) {
    return { ok: false, message: `waitFor: the options could not be read: ${describeThrown(error)}` };
  }
}

function condition(name: string, given: unknown, words: 'exists-or-deleted' | 'expression-only'): Condition | string {
  if (typeof given === 'function') return predicateCondition(given as (data: unknown) => unknown, `${name}(data)`);
  if (typeof given !== 'string')
    return `waitFor: ${name} must be a JMESPath expression${words === 'exists-or-deleted' ? ", 'exists', 'deleted'" : ''} or a function`;
  const compiled = compileCondition(given, words);
  return compiled.ok ? compiled.condition : `waitFor: ${name}: ${compiled.message}`;
}

function seconds(name: string, given: unknown, spec: DurationSpec, fallback: number): number | string {
  if (given === undefined) return fallback;
  if (typeof given !== 'number') return `waitFor: ${name} must be a number of seconds, not ${given === null ? 'null' : `a ${typeof given}`}`;
  const reading = readDuration(given, spec);
  return reading.ok ? reading.ms : `waitFor: ${name}: ${reading.problem.replace(/: seconds \(2, 0\.5\) or with a unit \([^)]*\)/, '')}`;
}

const stopped = (): CallResult<never> => ({
  ok: false,
  status: 0,
  error: { kind: 'transport', failure: 'aborted', message: 'the request was interrupted', sent: false },
});

const invalid = (message: string): CallResult<never> => ({ ok: false, status: 0, error: { kind: 'invalid', message, issues: [{ path: [], message }] } });

const notWaited = (message: string): WaitResult<never> => ({ ...invalid(message), outcome: 'failed', polls: 0, waitedMs: 0 });

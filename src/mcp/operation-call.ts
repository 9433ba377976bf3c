// The one door from svc mcp to an operation: every tool call goes through `callTool` here, so the
// server shares the CLI's request path (target, credential, retries, timeouts, proxies, CAs).
import type { OperationSpec } from '../../registry/define.js';
import type { CallResult } from '../client/result.js';
import type { Clock } from '../clock.js';
import type { Transport } from '../client/transport.js';
import type { SettingsSource } from '../config/store.js';
import { type GlobalOptions, resolveTarget, type Target } from '../config/target.js';
import { requestTargetOf, retryPolicy } from '../core/request-target.js';
import type { Failure } from '../core/failure.js';
import { buildOperationRequest, type OperationDeps, type Outcome, type PreparedCall, prepareCall, runOperation } from '../core/run-operation.js';
import type { RetryOptions } from '../client/retry.js';
import { type WaitPlan, waitForState } from '../core/wait.js';
import { waitEndWords } from '../core/wait-words.js';
import { type ToolWait, WAIT_NAMES } from './tool-wait.js';
import { SvcError, InputError } from '../errors.js';

/** What a tool call needs from the process: settings, the transport and the secrets it learns. */
export interface CallDeps extends SettingsSource {
  send: Transport;
  clock?: Clock;
  signal?: AbortSignal;
}

/** The input of one call, split by where it goes. */
export interface CallInput {
  params: Record<string, unknown>;
  query?: Record<string, unknown>;
  /** Header parameters, by lower-case name. */
  headers?: Record<string, unknown>;
  body?: unknown;
}

/** Why a call failed, in the words an agent acts on. */
export interface CallFailure {
  /** `invalid` (nothing sent), `api` (the service said no), `network`, `unreadable`, `credential`, `config`, `internal` (a fault in svc). */
  category: 'invalid' | 'api' | 'network' | 'unreadable' | 'credential' | 'config' | 'internal';
  /** As the command line says it (src/core/failure.ts): the cause, the attempts, what may have happened. */
  message: string;
  status?: number;
  code?: string;
  type?: string;
  details?: unknown;
  /** Calling again with the same arguments cannot apply the operation twice. */
  retrySafe: boolean;
  /** The request left and its answer was lost, could not be read, or was a 500, 502 or 504: it may have been applied; svc did not resend it. */
  mayHaveBeenApplied: boolean;
  attempts: number;
  /** The call waited (its `wait` argument), and how that went. */
  wait?: ToolWait;
}

export type CallOutcome =
  { ok: true; status: number; json: unknown; mismatch?: string; warning?: string; wait?: ToolWait } | { ok: false; failure: CallFailure };

/** A tool call's `wait`, read (src/mcp/tool-wait.ts), and the tools/call request's own cancellation. */
export interface WaitRequest {
  plan: WaitPlan;
  signal?: AbortSignal;
}

/** Sends one operation as the CLI would, and reads the answer into an outcome; never throws for faults of the input, the network or the service. */
export async function callTool(deps: CallDeps, globals: GlobalOptions, op: OperationSpec, input: CallInput, wait?: WaitRequest): Promise<CallOutcome> {
  let target: Target;
  try {
    target = await resolveTarget(deps, globals, { needCredential: true });
  } catch (error) {
    if (!(error instanceof SvcError || error instanceof InputError)) throw error;
    const category = error instanceof SvcError && /credential/.test(error.message) ? 'credential' : 'config';
    return { ok: false, failure: { category, message: error.message, retrySafe: true, mayHaveBeenApplied: false, attempts: 0 } };
  }
  const operation = { send: deps.send, signal: deps.signal, target: requestTargetOf(target, deps.signal), retry: retryPolicy(deps, target) };
  const prepared = wait && prepareCall({ op, ...input });
  if (wait && prepared?.ok) return waitedCall({ ...operation, signal: anySignal(deps.signal, wait.signal) }, prepared.call, wait.plan);
  return outcomeOf(await runOperation(operation, { op, ...input }));
}

/**
 * The call made again until its answer meets the plan (src/core/wait.ts), with how the wait went:
 * the last answer (for a wait that timed out, the last 2xx, whatever became of the polls after it),
 * or the failure that ended it.
 */
async function waitedCall(deps: OperationDeps & { retry: RetryOptions }, call: PreparedCall, plan: WaitPlan): Promise<CallOutcome> {
  const end = await waitForState({ ...deps, hooks: undefined }, call.op, buildOperationRequest(deps, call), plan);
  const message = waitEndWords(end, plan, WAIT_NAMES);
  const wait: ToolWait = { outcome: end.outcome, polls: end.polls, waitedMs: end.waitedMs, ...(message ? { message } : {}) };
  const outcome = outcomeOf(end.outcome === 'timeout' && end.answer ? end.answer : end.last);
  if (outcome.ok) return { ...outcome, wait };
  // A wait for deleted is met by a 404: there is no answer to give.
  if (end.outcome === 'met') return { ok: true, status: end.last.result.status, json: null, wait };
  return { ok: false, failure: { ...outcome.failure, wait } };
}

function outcomeOf({ result, failure }: Outcome): CallOutcome {
  if (result.ok)
    return {
      ok: true,
      status: result.status,
      json: result.json === undefined ? result.data : result.json,
      ...(result.mismatch ? { mismatch: result.mismatch } : {}),
      ...(result.warning ? { warning: result.warning } : {}),
    };
  return { ok: false, failure: failureOf(result, failure!) };
}

const anySignal = (a: AbortSignal | undefined, b: AbortSignal | undefined): AbortSignal | undefined => (a && b ? AbortSignal.any([a, b]) : (a ?? b));

/**
 * A failed call for an agent: the core's words and facts (`failure`, as the command line and a batch
 * say them), with the error's own fields beside them for the agent to branch on.
 */
function failureOf(result: Extract<CallResult<unknown>, { ok: false }>, failure: Failure): CallFailure {
  const { error } = result;
  const { message, retrySafe, mayHaveBeenApplied } = failure;
  const attempts = result.attempts ?? 1;
  switch (error.kind) {
    case 'invalid':
      return { category: 'invalid', message, details: error.issues, retrySafe, mayHaveBeenApplied, attempts: 0 };
    case 'api':
      return {
        category: 'api',
        message,
        status: error.status,
        ...(error.code ? { code: error.code } : {}),
        ...(error.type ? { type: error.type } : {}),
        ...(error.details === undefined ? {} : { details: error.details }),
        retrySafe,
        mayHaveBeenApplied,
        attempts,
      };
    case 'unreadable':
      return { category: 'unreadable', message, status: error.status, retrySafe, mayHaveBeenApplied, attempts };
    case 'transport':
      return { category: 'network', message, code: error.failure, retrySafe, mayHaveBeenApplied, attempts };
  }
}

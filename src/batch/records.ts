import type { CallError, CallResult, Throttling } from '../client/result.js';
import { mayHaveBeenApplied, mayHaveBeenAppliedWords, THROTTLED_NOT_APPLIED } from '../client/retry.js';
import type { OperationSpec } from '../../registry/define.js';
import type { HttpRequest } from '../client/transport.js';
import type { LineIssue } from './line-input.js';

/** Why a line failed, in the record: `kind` says whether anything was sent (`invalid`: nothing). */
export type LineError =
  | { kind: 'invalid'; message: string; issues?: LineIssue[] }
  /** `hint`: what the answer means for the line (a 429: not applied, safe to resend). */
  | { kind: 'api'; message: string; type?: string; code?: string; details?: unknown; hint?: string; mayHaveApplied?: true }
  | { kind: 'unreadable'; message: string; mayHaveApplied?: true }
  /**
   * `mayHaveApplied` (on these three kinds): a write that may have taken effect, its answer lost, a
   * success that could not be read, or a 500, 502 or 504 (src/client/retry.ts); svc never repeats it,
   * so check before sending it again.
   */
  | { kind: 'transport'; message: string; mayHaveApplied?: true }
  /** `--wait-for` was not met: its `--wait-fail` became true, its time ran out, or a stop signal ended it (the record's `wait` says which). */
  | { kind: 'wait'; message: string };

/** How a line's `--wait-for` went (src/core/wait.ts): its outcome, the polls sent and the time waited. */
export interface LineWait {
  outcome: 'met' | 'failed' | 'timeout' | 'error' | 'interrupted';
  polls: number;
  waitedMs: number;
}

/**
 * What became of one line. `status` is null when no HTTP answer came (or nothing was sent).
 * `uncertain`: a resumed run found the line sent by an earlier run that stopped before its answer.
 */
export type LineOutcome =
  | {
      ok: true;
      status: number | null;
      result?: unknown;
      request?: PlannedRequest;
      mismatch?: string;
      warning?: string;
      attempts?: number;
      throttled?: Throttling;
      wait?: LineWait;
    }
  | {
      ok: false;
      status: number | null;
      error: LineError;
      attempts?: number;
      throttled?: Throttling;
      uncertain?: true;
      wait?: LineWait;
      /** A wait that failed or timed out: the last answer. */
      result?: unknown;
    };

/** What `--dry-run` records instead of a result; headers stay out, so no token is ever printed. */
export interface PlannedRequest {
  method: string;
  url: string;
  body?: unknown;
}

export const invalidOutcome = (message: string, issues?: LineIssue[]): LineOutcome => ({
  ok: false,
  status: null,
  error: issues ? { kind: 'invalid', message, issues } : { kind: 'invalid', message },
});

/** A call's result as a line outcome; `attempts` appears when retries were made, `throttled` when the service throttled or paused it. */
export function outcomeOfCall(result: CallResult<unknown>, op: Pick<OperationSpec, 'method' | 'idempotent'>): LineOutcome {
  const outcome = lineOutcome(result, op);
  if (result.attempts !== undefined && result.attempts > 1) outcome.attempts = result.attempts;
  if (result.throttled !== undefined) outcome.throttled = result.throttled;
  return outcome;
}

function lineOutcome(result: CallResult<unknown>, op: Pick<OperationSpec, 'method' | 'idempotent'>): LineOutcome {
  if (result.ok) {
    const outcome: LineOutcome = { ok: true, status: result.status, result: result.json ?? result.data ?? null };
    if (result.mismatch) outcome.mismatch = result.mismatch;
    if (result.warning) outcome.warning = result.warning;
    return outcome;
  }
  const { error } = result;
  switch (error.kind) {
    case 'api': {
      const { message, type, code, details } = error;
      const hint = error.status === 429 ? THROTTLED_NOT_APPLIED : undefined;
      return { ok: false, status: error.status, error: maybeApplied(op, error, { kind: 'api', message, type, code, details, hint }) };
    }
    case 'invalid':
      return invalidOutcome(
        error.message,
        error.issues.map((i) => ({ field: i.path.join('.') || 'line', message: i.message })),
      );
    case 'unreadable':
      return { ok: false, status: error.status, error: maybeApplied(op, error, { kind: 'unreadable', message: error.message }) };
    case 'transport':
      // As for a single call (src/core/failure.ts): a lost answer to a write leaves its effect unknown.
      // An interrupted write that may have left counts too: the server may have applied it.
      return { ok: false, status: null, error: maybeApplied(op, error, { kind: 'transport', message: error.message }) };
  }
}

/** The line's error, flagged and said to be maybe applied when the call's error leaves that open. */
function maybeApplied<E extends Exclude<LineError, { kind: 'invalid' | 'wait' }>>(
  op: Pick<OperationSpec, 'method' | 'idempotent'>,
  cause: CallError,
  error: E,
): E {
  if (!mayHaveBeenApplied(op, cause)) return error;
  return { ...error, message: `${error.message}; ${mayHaveBeenAppliedWords(op.method)}`, mayHaveApplied: true };
}

/**
 * A record read back from a checkpoint, flagged as this svc flags it: an older svc recorded a write
 * answered 500, 502 or 504, or a success it could not read, as a plain failure, which a resumed run
 * would put among the lines safe to send again.
 */
export function asFlaggedNow(outcome: LineOutcome, op: Pick<OperationSpec, 'method' | 'idempotent'>): LineOutcome {
  if (outcome.ok || outcome.status === null || mayHaveApplied(outcome)) return outcome;
  const { error, status } = outcome;
  if (error.kind !== 'api' && error.kind !== 'unreadable') return outcome;
  const cause: CallError =
    error.kind === 'api' ? { kind: 'api', status, message: error.message, body: '' } : { kind: 'unreadable', status, message: error.message };
  return mayHaveBeenApplied(op, cause) ? { ...outcome, error: maybeApplied(op, cause, error) } : outcome;
}

/** Whether a line's outcome may have taken effect: its record says `mayHaveApplied` (a resumed run's uncertain lines among them). */
export const mayHaveApplied = (outcome: LineOutcome): boolean =>
  !outcome.ok && outcome.error.kind !== 'invalid' && outcome.error.kind !== 'wait' && outcome.error.mayHaveApplied === true;

/** How a line's wait went, with its sentence when it was not met, and its last 2xx answer when polls failed after it. */
export type WaitAnswer = LineWait & { message?: string; answer?: CallResult<unknown> };

/**
 * A line that waited (`--wait-for`): met, it is the last answer's outcome (a `deleted` wait met by a
 * 404 included); failed, timed out or stopped, an error of kind `wait` saying so, with the last
 * 2xx answer; ended by a failure, that failure's outcome. Each with `wait`: the outcome, polls and time.
 */
export function outcomeOfWait(result: CallResult<unknown>, wait: WaitAnswer, op: Pick<OperationSpec, 'method' | 'idempotent'>): LineOutcome {
  const { outcome, polls, waitedMs } = wait;
  const info: LineWait = { outcome, polls, waitedMs };
  if (outcome === 'met' && !result.ok) return { ok: true, status: result.status, wait: info };
  if (outcome === 'failed' || outcome === 'timeout' || outcome === 'interrupted') {
    const answer = result.ok ? result : wait.answer;
    const last = answer?.ok ? { result: answer.json ?? answer.data ?? null } : {};
    return { ok: false, status: result.status || null, wait: info, error: { kind: 'wait', message: wait.message ?? `the wait ended: ${outcome}` }, ...last };
  }
  const called = outcomeOfCall(result, op);
  // `wait` after ok and status, before the rest: the key order a reader meets.
  return Object.assign({ ok: called.ok, status: called.status, wait: info }, called);
}

export function plannedOutcome(request: HttpRequest): LineOutcome {
  const planned: PlannedRequest = { method: request.method, url: request.url };
  if (request.body !== undefined) planned.body = JSON.parse(request.body) as unknown;
  return { ok: true, status: null, request: planned };
}

/** One NDJSON record, `{line, ok, status, result | error}`; ctx.io redacts any secret in it. */
export function recordText(line: number, outcome: LineOutcome): string {
  // Most records: a result and nothing beside it, written around the result's JSON alone.
  if (
    outcome.ok &&
    outcome.result !== undefined &&
    outcome.request === undefined &&
    outcome.mismatch === undefined &&
    outcome.warning === undefined &&
    outcome.attempts === undefined &&
    outcome.throttled === undefined &&
    outcome.wait === undefined
  ) {
    return `{"line":${line},"ok":true,"status":${outcome.status},"result":${JSON.stringify(outcome.result)}}\n`;
  }
  // `line` first, then the outcome's own fields: its JSON with the line put in front, no copy of it.
  return `{"line":${line},${JSON.stringify(outcome).slice(1)}\n`;
}

import type { CallResult, Throttling } from '../client/result.js';
import { THROTTLED_NOT_APPLIED } from '../client/retry.js';
import { isIdempotent, type OperationSpec } from '../../registry/define.js';
import type { HttpRequest } from '../client/transport.js';
import type { LineIssue } from './line-input.js';

/** Why a line failed, in the record: `kind` says whether anything was sent (`invalid`: nothing). */
export type LineError =
  | { kind: 'invalid'; message: string; issues?: LineIssue[] }
  /** `hint`: what the answer means for the line (a 429: not applied, safe to resend). */
  | { kind: 'api'; message: string; type?: string; code?: string; details?: unknown; hint?: string }
  | { kind: 'unreadable'; message: string }
  /** `mayHaveApplied`: a write whose answer was lost; svc never repeats it, so check before sending it again. */
  | { kind: 'transport'; message: string; mayHaveApplied?: true };

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
    }
  | { ok: false; status: number | null; error: LineError; attempts?: number; throttled?: Throttling; uncertain?: true };

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
  const { method } = op;
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
      return { ok: false, status: error.status, error: { kind: 'api', message, type, code, details, hint } };
    }
    case 'invalid':
      return invalidOutcome(
        error.message,
        error.issues.map((i) => ({ field: i.path.join('.') || 'line', message: i.message })),
      );
    case 'unreadable':
      return { ok: false, status: error.status, error: { kind: 'unreadable', message: error.message } };
    case 'transport': {
      // As for a single call (src/core/failure.ts): a lost answer to a write leaves its effect unknown.
      // An interrupted write that may have left counts too: the server may have applied it.
      if (!error.sent || isIdempotent(op)) return { ok: false, status: null, error: { kind: 'transport', message: error.message } };
      const message = `${error.message}; the ${method} may have been applied: check before sending it again`;
      return { ok: false, status: null, error: { kind: 'transport', message, mayHaveApplied: true } };
    }
  }
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
    outcome.throttled === undefined
  ) {
    return `{"line":${line},"ok":true,"status":${outcome.status},"result":${JSON.stringify(outcome.result)}}\n`;
  }
  // `line` first, then the outcome's own fields: its JSON with the line put in front, no copy of it.
  return `{"line":${line},${JSON.stringify(outcome).slice(1)}\n`;
}

import type { CallResult } from '../client/result.js';
import type { HttpRequest } from '../client/transport.js';
import type { LineIssue } from './line-input.js';

/** Why a line failed, in the record: `kind` says whether anything was sent (`invalid`: nothing). */
export type LineError =
  | { kind: 'invalid'; message: string; issues?: LineIssue[] }
  | { kind: 'api'; message: string; type?: string; code?: string; details?: unknown }
  | { kind: 'transport' | 'unreadable'; message: string };

/** What became of one line. `status` is null when no HTTP answer came (or nothing was sent). */
export type LineOutcome =
  | { ok: true; status: number | null; result?: unknown; request?: PlannedRequest; mismatch?: string; warning?: string }
  | { ok: false; status: number | null; error: LineError };

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

/** A call's result as a line outcome. */
export function outcomeOfCall(result: CallResult<unknown>): LineOutcome {
  if (result.ok) {
    const outcome: LineOutcome = { ok: true, status: result.status, result: result.data ?? null };
    if (result.mismatch) outcome.mismatch = result.mismatch;
    return outcome;
  }
  const { error } = result;
  switch (error.kind) {
    case 'api': {
      const { message, type, code, details } = error;
      return { ok: false, status: error.status, error: { kind: 'api', message, type, code, details } };
    }
    case 'invalid':
      return invalidOutcome(error.message, error.issues.map((i) => ({ field: i.path.join('.') || 'line', message: i.message })));
    case 'unreadable':
      return { ok: false, status: error.status, error: { kind: 'unreadable', message: error.message } };
    case 'transport':
      return { ok: false, status: null, error: { kind: 'transport', message: error.message } };
  }
}

export function plannedOutcome(request: HttpRequest): LineOutcome {
  const planned: PlannedRequest = { method: request.method, url: request.url };
  if (request.body !== undefined) planned.body = JSON.parse(request.body) as unknown;
  return { ok: true, status: null, request: planned };
}

/** One NDJSON record, `{line, ok, status, result | error}`; ctx.io redacts any secret in it. */
export function recordText(line: number, outcome: LineOutcome): string {
  return `${JSON.stringify({ line, ...outcome })}\n`;
}

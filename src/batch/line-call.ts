import type { OperationSpec } from '../../registry/define.js';
import { type CallHooks, sendRequest } from '../client/call.js';
import { buildRequest, type RequestTarget } from '../client/exchange.js';
import type { CallResult } from '../client/result.js';
import type { RetryOptions } from '../client/retry.js';
import type { HttpRequest, Transport } from '../client/transport.js';
import { type Column, rowObject } from './csv-columns.js';
import { createLineInput } from './line-input.js';
import type { OperationInput } from '../input/operation-input.js';
import { parseNdjsonLine } from './line-input.js';
import { invalidOutcome, type LineOutcome, outcomeOfCall, plannedOutcome } from './records.js';
import type { SourceRecord } from './source.js';
import type { ResultQuery } from '../output/query.js';

/** Sends one line's request: the one place a batch call goes through. */
export type LineCall = (request: HttpRequest, line: number) => Promise<CallResult<unknown>>;

/**
 * Each line is sent as a single call is, retried by the same policy (idempotent requests only).
 * Its record is written from the body as sent (`json`), so zod's copy of it is not needed.
 */
export function createLineCall(op: OperationSpec, send: Transport, hooks: CallHooks, retry: RetryOptions): LineCall {
  const use = { jsonOnly: true };
  return (request) => sendRequest(op, request, send, hooks, retry, use);
}

export interface LineProcessorOptions {
  op: OperationSpec;
  /** What the command line gives every line. */
  base: OperationInput;
  /** CSV input: the header's columns. */
  columns?: readonly Column[];
  /** Its signal is the second stop signal, not the first: the first stops taking lines but lets calls in flight finish. */
  target: RequestTarget;
  /** Undefined for --dry-run: the request is recorded, not sent. */
  call?: LineCall;
  /** `--query`, applied to each successful result. */
  query?: ResultQuery;
}

/** Turns one input record into its outcome: read, merge with the command line, validate, send. Never throws. */
export function createLineProcessor({ op, base, columns, target, call, query }: LineProcessorOptions): (record: SourceRecord) => Promise<LineOutcome> {
  const lineInput = createLineInput(op, base);
  return async (record) => {
    if (record.problem) return invalidOutcome(record.problem);
    const decoded = columns ? rowObject(columns, record.cells ?? []) : parseLine(record.raw);
    if (!decoded.ok) return invalidOutcome(decoded.problem);
    const line = lineInput(decoded.object);
    if (!line.ok) return invalidOutcome(line.message, line.issues);
    const request = buildRequest(op, line.input.path, line.input.body, target, line.input.query, line.input.headers);
    if (!call) return plannedOutcome(request);
    const outcome = outcomeOfCall(await call(request, record.line), op);
    return query && outcome.ok ? queried(outcome, query) : outcome;
  };
}

/** The line as it was read (JSON.parse skips its line break), trimmed only if that fails: most lines are not copied. */
function parseLine(raw: string): ReturnType<typeof parseNdjsonLine> {
  const whole = parseNdjsonLine(raw);
  const trimmed = whole.ok ? raw : raw.trimEnd();
  return trimmed === raw ? whole : parseNdjsonLine(trimmed);
}

/** The call succeeded whatever the query makes of its result; a query that cannot apply says so beside it. */
function queried(outcome: Extract<LineOutcome, { ok: true }>, query: ResultQuery): LineOutcome {
  const shown = query(outcome.result);
  return shown.ok ? { ...outcome, result: shown.value ?? null } : { ...outcome, warning: `--query could not be applied to the result: ${shown.message}` };
}

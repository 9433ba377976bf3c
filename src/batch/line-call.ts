import type { OperationSpec } from '../../registry/define.js';
import type { CallResult } from '../client/result.js';
import type { HttpRequest } from '../client/transport.js';
import { type Column, rowObject } from './csv-columns.js';
import { createLineInput } from './line-input.js';
import type { CheckedInput, OperationInput } from '../input/operation-input.js';
import { parseNdjsonLine } from './line-input.js';
import { invalidOutcome, type LineOutcome, outcomeOfCall, outcomeOfWait, plannedOutcome, type WaitAnswer } from './records.js';
import type { SourceRecord } from './source.js';
import type { ResultQuery } from '../output/query.js';

/** What became of one line's call: held back, built but not sent (`--dry-run`), or answered (after a wait, `--wait-for`, how it went). */
export type LineAnswer = { held: true; request: HttpRequest } | { held: false; result: CallResult<unknown>; wait?: WaitAnswer };

/**
 * Runs one line's checked input as a call: the one place a batch call goes through. The core gives
 * its runOperation (src/core/batch-run.ts), so a line is built, sent and retried as a single call
 * is; batch/ never imports the core.
 */
export type LineCall = (input: CheckedInput, line: number) => Promise<LineAnswer>;

export interface LineProcessorOptions {
  op: OperationSpec;
  /** What the command line gives every line. */
  base: OperationInput;
  /** CSV input: the header's columns. */
  columns?: readonly Column[];
  /** With --dry-run it holds every request back, which is recorded instead of sent. */
  call: LineCall;
  /** `--query`, applied to each successful result. */
  query?: ResultQuery;
}

/** Turns one input record into its outcome: read, merge with the command line, validate, send. Never throws. */
export function createLineProcessor({ op, base, columns, call, query }: LineProcessorOptions): (record: SourceRecord) => Promise<LineOutcome> {
  const lineInput = createLineInput(op, base);
  return async (record) => {
    if (record.problem) return invalidOutcome(record.problem);
    const decoded = columns ? rowObject(columns, record.cells ?? []) : parseLine(record.raw);
    if (!decoded.ok) return invalidOutcome(decoded.problem);
    const line = lineInput(decoded.object);
    if (!line.ok) return invalidOutcome(line.message, line.issues);
    const answer = await call(line.input, record.line);
    if (answer.held) return plannedOutcome(answer.request);
    const outcome = answer.wait ? outcomeOfWait(answer.result, answer.wait, op) : outcomeOfCall(answer.result, op);
    if (!query) return outcome;
    if (outcome.ok) return queried(outcome, query);
    // A wait that did not end well keeps its last answer, shown as --query shows the others.
    const shown = outcome.result === undefined ? undefined : query(outcome.result);
    return shown?.ok ? { ...outcome, result: shown.value ?? null } : outcome;
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

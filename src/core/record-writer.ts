import type { Context } from './context.js';
import { SvcError, ExitCode } from '../errors.js';
import type { BatchTally, ProgressBar } from '../batch/progress.js';
import { type LineOutcome, mayHaveApplied, recordText } from '../batch/records.js';
import type { RejectsFile } from '../batch/rejects.js';
import type { SourceRecord } from '../batch/source.js';
import type { BatchStop } from '../batch/stop.js';

export interface RecordWriter {
  /** Each line's record to stdout, a failed line to the rejects file, and the counts to the bar. */
  emit(record: SourceRecord, outcome: LineOutcome): void;
  /** Writes what is held back; before the summary, and whatever ends the run. */
  flush(): void;
}

/** Records held back at most this many bytes and this long; past either they are written. */
export const HELD_BYTES = 64 * 1024;
export const HELD_MS = 20;

/** What the writer waits with: Node's timers; a test's own. */
export interface FlushTimer {
  set(flush: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const nodeTimer: FlushTimer = { set: (flush, ms) => setTimeout(flush, ms), clear: (handle) => clearTimeout(handle as NodeJS.Timeout) };

/**
 * Records to a pipe or file are gathered and written per 64 KiB, or 20 ms after the first of them,
 * and at the end: a write per turn of the event loop (a few records each), and the wake-up
 * scheduled for it, would be a measurable share of a batch's CPU per call. A reader sees each record at most 20 ms late, and a reader that went away (`| head`) is
 * found by the next write, at most 20 ms later. On a terminal with the progress bar, each record
 * is written at once, above the bar.
 */
export function createRecordWriter(
  ctx: Pick<Context, 'io' | 'secrets'>,
  tally: BatchTally,
  bar: ProgressBar | undefined,
  rejects: RejectsFile | undefined,
  stop: BatchStop,
  timer = nodeTimer,
): RecordWriter {
  let held = '';
  let heldLast = 0;
  const written = (text: string, line: number) => {
    try {
      ctx.io.out(text);
    } catch (error) {
      // A full disk or /dev/full: the batch stops as for a closed output, exit 6.
      if (!(error instanceof SvcError && error.exitCode === ExitCode.output)) throw error;
      return stop.outputFailed(error.message);
    }
    if (!stop.outputClosed()) stop.recordWritten(line);
  };
  let scheduled: unknown;
  const flush = () => {
    if (scheduled !== undefined) timer.clear(scheduled);
    scheduled = undefined;
    if (held === '') return;
    const text = held;
    held = '';
    written(text, heldLast);
  };
  const onTerminal = bar !== undefined && ctx.io.stdoutIsTTY;
  return {
    emit(record, outcome) {
      const text = recordText(record.line, outcome);
      if (onTerminal) bar.above(() => written(text, record.line));
      else {
        held += text;
        heldLast = Math.max(heldLast, record.line);
        if (held.length >= HELD_BYTES) flush();
        else scheduled ??= timer.set(flush, HELD_MS);
      }
      if (outcome.wait) tally.countWait(outcome.wait.outcome);
      if (outcome.ok) tally.count(record.line, true, record.endOffset);
      else {
        const uncertain = mayHaveApplied(outcome);
        rejects?.add(ctx.secrets ? ctx.secrets.redact(record.raw) : record.raw, uncertain);
        tally.count(record.line, false, record.endOffset, uncertain, outcome.status === 429);
      }
      bar?.update();
    },
    flush,
  };
}

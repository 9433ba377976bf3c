import type { Context } from './context.js';
import { CliError, ExitCode } from '../errors.js';
import type { BatchTally, ProgressBar } from '../batch/progress.js';
import { type LineOutcome, recordText } from '../batch/records.js';
import type { RejectsFile } from '../batch/rejects.js';
import type { SourceRecord } from '../batch/source.js';
import type { BatchStop } from '../batch/stop.js';

export interface RecordWriter {
  /** Each line's record to stdout, a failed line to the rejects file, and the counts to the bar. */
  emit(record: SourceRecord, outcome: LineOutcome): void;
  /** Writes what is held back; before the summary, and whatever ends the run. */
  flush(): void;
}

/** Records held back at most this long in bytes; past it they are written at once. */
const HELD_BYTES = 64 * 1024;

/**
 * Records to a pipe or file are gathered and written once per turn of the event loop (or per
 * 64 KiB): the records of the calls that finished together leave in one write, not one system call
 * each, which was a measurable share of a batch's CPU per call (issue #13). On a terminal with the
 * progress bar, each record is written at once, above the bar.
 */
export function createRecordWriter(ctx: Context, tally: BatchTally, bar: ProgressBar | undefined, rejects: RejectsFile | undefined, stop: BatchStop): RecordWriter {
  let held = '';
  let heldLast = 0;
  const written = (text: string, line: number) => {
    try {
      ctx.io.out(text);
    } catch (error) {
      // A full disk or /dev/full: the batch stops as for a closed output, exit 6 (issue #17).
      if (!(error instanceof CliError && error.exitCode === ExitCode.output)) throw error;
      return stop.outputFailed(error.message);
    }
    if (!stop.outputClosed()) stop.recordWritten(line);
  };
  let scheduled: NodeJS.Immediate | undefined;
  const flush = () => {
    if (scheduled) clearImmediate(scheduled);
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
        else scheduled ??= setImmediate(flush);
      }
      if (!outcome.ok) rejects?.add(ctx.secrets ? ctx.secrets.redact(record.raw) : record.raw);
      tally.count(record.line, outcome.ok, record.endOffset, !outcome.ok && outcome.error.kind === 'transport' && outcome.error.mayHaveApplied === true);
      bar?.update();
    },
    flush,
  };
}

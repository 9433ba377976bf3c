import { SvcError, ExitCode } from '../errors.js';
import { type Interruption, interruptionOf } from '../interruption.js';
import type { BatchEnd } from './progress.js';

/**
 * Why a batch stopped taking lines before its input ended: a stop signal (Ctrl-C, SIGTERM, SIGHUP),
 * standard output's reader gone (`| head`), standard output failing (a full disk, `>/dev/full`:
 * the records would be lost), or a refused credential. Whatever the cause, the end is
 * the same orderly drain: lines in flight finish and get their records (and rejects),
 * the summary is printed, then svc exits with the cause's code.
 */
export type BatchStopCause =
  | { kind: 'signal'; interruption: Interruption }
  | { kind: 'output-closed'; lastWritten: number; allTaken: boolean }
  | { kind: 'output-failed'; reason: string; lastWritten: number; allTaken: boolean }
  | { kind: 'halted' }
  | { kind: 'checkpoint-lost'; checkpoint: string; allTaken: boolean }
  | { kind: 'checkpoint-unwritable'; checkpoint: string; reason: string; allTaken: boolean };

/**
 * The one place a batch learns it must stop: the pipeline is handed `signal`, and everything that
 * must happen on any stop (records, rejects, a checkpoint) hangs off the pipeline's drain.
 */
export interface BatchStop {
  /** Aborted on the first stop signal or when standard output closes; the pipeline then takes no more lines. */
  signal: AbortSignal;
  /** Whether standard output's reader has gone: records can no longer be written. */
  outputClosed(): boolean;
  /** Call after each record written to stdout: the last line the reader may have seen. */
  recordWritten(line: number): void;
  /** Standard output cannot be written (`reason`, e.g. "cannot write to standard output (/dev/full): …"). */
  outputFailed(reason: string): void;
  /** Why the batch stopped, once the pipeline has drained; undefined when it read all its input. */
  cause(end: { stopped?: 'interrupted' | 'halted' }): BatchStopCause | undefined;
  dispose(): void;
}

/** What a batch watches to know it must stop: the stop signals (ctx.signal) and stdout's reader going away. */
export interface StopSources {
  signal?: AbortSignal;
  io: { stdoutClosed?: AbortSignal };
}

/** A checkpoint: its lock, lost when another run takes it over (src/batch/checkpoint-lock.ts); its journal, failed when a write to it fails (a full disk). */
export interface CheckpointWatch {
  path: string;
  lost: AbortSignal;
  /** Aborted with the reason in words ("no space left on device (ENOSPC)"). */
  failed: AbortSignal;
}

export function watchBatchStop(ctx: StopSources, checkpoint?: CheckpointWatch): BatchStop {
  const controller = new AbortController();
  const closed = ctx.io.stdoutClosed;
  let lastWritten = 0;
  let failure: string | undefined;
  const onSignal = () => controller.abort(ctx.signal?.reason);
  const onClosed = () => controller.abort('output-closed');
  const onLost = () => controller.abort('checkpoint-lost');
  const onUnwritable = () => controller.abort('checkpoint-unwritable');
  const watched = [
    ctx.signal && ([ctx.signal, onSignal] as const),
    closed && ([closed, onClosed] as const),
    checkpoint && ([checkpoint.lost, onLost] as const),
    checkpoint && ([checkpoint.failed, onUnwritable] as const),
  ].filter((w) => w !== undefined);
  for (const [signal, listener] of watched) {
    if (signal.aborted) listener();
    else signal.addEventListener('abort', listener, { once: true });
  }
  return {
    signal: controller.signal,
    outputClosed: () => closed?.aborted === true,
    // After a failed write, records are dropped unwritten: none of them counts.
    recordWritten: (line) => void (failure === undefined && (lastWritten = Math.max(lastWritten, line))),
    outputFailed(reason) {
      failure ??= reason;
      controller.abort('output-failed');
    },
    cause(end) {
      // Lost first: whatever else happened, this run may not send again with this checkpoint.
      if (checkpoint?.lost.aborted) return { kind: 'checkpoint-lost', checkpoint: checkpoint.path, allTaken: end.stopped === undefined };
      // Then a journal that could not be written: lines sent before it failed may have no record there.
      if (checkpoint?.failed.aborted)
        return { kind: 'checkpoint-unwritable', checkpoint: checkpoint.path, reason: String(checkpoint.failed.reason), allTaken: end.stopped === undefined };
      if (end.stopped === 'halted') return { kind: 'halted' };
      // Found by a write that failed, so a record was lost even if every line was taken.
      if (failure !== undefined) return { kind: 'output-failed', reason: failure, lastWritten, allTaken: end.stopped === undefined };
      // A closed stdout is found by a write that failed, so a record was lost even if every line was taken.
      const closedFirst = controller.signal.reason === 'output-closed';
      if (closedFirst || (closed?.aborted && end.stopped === undefined)) return { kind: 'output-closed', lastWritten, allTaken: end.stopped === undefined };
      return end.stopped === 'interrupted' ? { kind: 'signal', interruption: interruptionOf(ctx.signal) } : undefined;
    },
    dispose() {
      for (const [signal, listener] of watched) signal.removeEventListener('abort', listener);
    },
  };
}

/** The summary's account of a stop: why, in words, and whether any line was left unread. */
export function stopEnd(cause: BatchStopCause): BatchEnd {
  switch (cause.kind) {
    case 'signal':
      return { why: cause.interruption.words };
    case 'halted':
      return { why: 'stopped: the service refused the credential (HTTP 401)' };
    case 'output-closed':
      return { why: `stopped: standard output was closed ${afterRecord(cause.lastWritten)}`, allTaken: cause.allTaken };
    case 'output-failed':
      return { why: `stopped: ${cause.reason}, ${afterRecord(cause.lastWritten)}`, allTaken: cause.allTaken };
    case 'checkpoint-lost':
      return {
        why: `stopped: this run no longer holds --checkpoint ${cause.checkpoint} (another run took its lock over, or the lock was removed or replaced); it sent nothing more, and the lines it had in flight are uncertain to the run that holds it`,
        allTaken: cause.allTaken,
      };
    case 'checkpoint-unwritable':
      return {
        why: `stopped: cannot write --checkpoint ${cause.checkpoint}: ${cause.reason}; nothing was sent after that, and a resume reports the lines then in flight as uncertain`,
        allTaken: cause.allTaken,
      };
  }
}

/** The error a stopped batch ends with: its summary, and the cause's exit code. */
export function stoppedBatchError(cause: BatchStopCause, summary: string): SvcError {
  switch (cause.kind) {
    case 'signal':
      return new SvcError(summary, cause.interruption.exitCode);
    case 'halted':
      return new SvcError(summary, ExitCode.auth);
    case 'output-closed':
      return new SvcError(summary, ExitCode.outputClosed);
    case 'output-failed':
      return new SvcError(summary, ExitCode.output);
    case 'checkpoint-lost':
    case 'checkpoint-unwritable':
      return new SvcError(summary, ExitCode.checkpointLost);
  }
}

const afterRecord = (line: number): string => (line === 0 ? 'before any record was written' : `after the record of line ${line}`);

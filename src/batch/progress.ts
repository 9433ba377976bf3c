import { rateText, type ThrottleStats } from '../client/pacer.js';

/** Counts of a running batch. */
export class BatchTally {
  succeeded = 0;
  failed = 0;
  /** Failed writes that may have been applied: their answer was lost, or did not say (500, 502, 504). */
  uncertain = 0;
  /** Failed lines answered 429 Too Many Requests: not applied, safe to resend. */
  throttled = 0;
  /** The highest input line that has a record: every line up to it was taken. */
  lastLine = 0;
  /** How far into the file the lines with records reach, in bytes. */
  offset = 0;
  /** With `--wait-for`: lines whose wait was met, failed (`--wait-fail`), timed out, or was ended by a stop signal. */
  waits: { met: number; failed: number; timedOut: number; interrupted: number } | undefined;

  get done(): number {
    return this.succeeded + this.failed;
  }

  count(line: number, ok: boolean, endOffset: number, uncertain = false, throttled = false): void {
    if (ok) this.succeeded++;
    else this.failed++;
    if (uncertain) this.uncertain++;
    if (throttled) this.throttled++;
    if (line > this.lastLine) this.lastLine = line;
    if (endOffset > this.offset) this.offset = endOffset;
  }

  /** A line that waited: its wait's outcome (one ended by a failure counts only as failed). */
  countWait(outcome: string): void {
    const waits = (this.waits ??= { met: 0, failed: 0, timedOut: 0, interrupted: 0 });
    if (outcome === 'met') waits.met++;
    else if (outcome === 'failed') waits.failed++;
    else if (outcome === 'timeout') waits.timedOut++;
    else if (outcome === 'interrupted') waits.interrupted++;
  }
}

export interface ProgressOptions {
  /** Draws the status line over the last one; an empty line clears it (the context's io.status). */
  draw(line: string): void;
  /** File size in bytes, when known: the bar and ETA follow the bytes done. */
  totalBytes?: number;
  now?: () => number;
  /** How the service is throttling the run, as the pacer counts it (src/client/pacer.ts). */
  throttle?: () => ThrottleStats;
}

const BAR_WIDTH = 24;
const REDRAW_MS = 100;

/**
 * A one-line progress bar on a terminal, redrawn at most ten times a second. `above` writes
 * something else to the same terminal (records, when stdout is one too) without tearing the bar.
 */
export interface ProgressBar {
  update(): void;
  clear(): void;
  above(write: () => void): void;
}

export function createProgressBar(tally: BatchTally, options: ProgressOptions): ProgressBar {
  const now = options.now ?? (() => performance.now());
  const started = now();
  let drawnAt = -Infinity;
  const draw = (time: number) => {
    drawnAt = time;
    options.draw(progressLine(tally, (time - started) / 1000, options.totalBytes, options.throttle?.()));
  };
  const clear = () => {
    if (drawnAt !== -Infinity) options.draw('');
  };
  return {
    update() {
      const time = now();
      if (time - drawnAt >= REDRAW_MS) draw(time);
    },
    clear,
    above(write) {
      const shown = drawnAt !== -Infinity;
      clear();
      write();
      if (shown) draw(now());
    },
  };
}

/** `[#######.................]  29% 4,210 done · 12 failed · 812/s · throttled: 37 × 429, now 84/s · ETA 12s` */
export function progressLine(tally: BatchTally, seconds: number, totalBytes: number | undefined, throttle?: ThrottleStats): string {
  const rate = seconds > 0 ? tally.done / seconds : 0;
  const parts = [`${tally.done.toLocaleString('en-US')} done`, `${tally.failed.toLocaleString('en-US')} failed`, `${Math.round(rate)}/s`];
  if (throttle?.throttled) parts.push(`throttled: ${throttleCounts(throttle)}${throttle.rate === undefined ? '' : `, now ${rateText(throttle.rate)}`}`);
  if (!totalBytes) return parts.join(' · ');
  const fraction = Math.min(1, tally.offset / totalBytes);
  const filled = Math.round(fraction * BAR_WIDTH);
  const bar = `[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${String(Math.floor(fraction * 100)).padStart(3)}%`;
  if (fraction > 0) parts.push(`ETA ${duration((seconds / fraction) * (1 - fraction))}`);
  return `${bar} ${parts.join(' · ')}`;
}

/** `37 × 429`, `37 × 429 and 2 × 503` */
const throttleCounts = (throttle: ThrottleStats): string =>
  [
    throttle.answered429 > 0 ? `${throttle.answered429.toLocaleString('en-US')} × 429` : '',
    throttle.answered503 > 0 ? `${throttle.answered503.toLocaleString('en-US')} × 503` : '',
  ]
    .filter(Boolean)
    .join(' and ');

/** `; throttled: 37 answers 429, 3 pauses for Retry-After, ending at 84/s` (empty when the service never throttled the run). */
function throttleSummary(throttle: ThrottleStats | undefined): string {
  if (!throttle?.throttled) return '';
  const answers = [
    throttle.answered429 > 0 ? `${throttle.answered429} ${throttle.answered429 === 1 ? 'answer' : 'answers'} 429` : '',
    throttle.answered503 > 0 ? `${throttle.answered503} ${throttle.answered503 === 1 ? 'answer' : 'answers'} 503 with Retry-After` : '',
  ].filter(Boolean);
  const pauses = throttle.pauses > 0 ? `, ${throttle.pauses} ${throttle.pauses === 1 ? 'pause' : 'pauses'} for Retry-After` : '';
  const pace = throttle.rate === undefined ? '' : `, ending at ${rateText(throttle.rate)}`;
  return `; throttled: ${answers.join(' and ')}${pauses}${pace}`;
}

export function duration(seconds: number): string {
  if (seconds < 10) return `${seconds.toFixed(1)}s`;
  if (seconds < 60) return `${Math.round(seconds)}s`;
  const minutes = Math.floor(seconds / 60);
  return minutes < 60
    ? `${minutes}m${String(Math.round(seconds % 60)).padStart(2, '0')}s`
    : `${Math.floor(minutes / 60)}h${String(minutes % 60).padStart(2, '0')}m`;
}

/**
 * Where the failed lines went, and which of them need a look before they are sent again: those that
 * may have been applied, in the rejects file's companion (`uncertain`) when they have one. The 429s
 * are counted next to the file that holds them, never after the lines that may have been applied.
 */
function failedNotes(tally: BatchTally, { rejects, uncertain }: { rejects?: string; uncertain?: string }): string[] {
  const check = 'check them before sending them again';
  const throttled = tally.throttled > 0 ? `${tally.throttled} of them answered 429: not applied, safe to resend` : '';
  const maybeApplied = tally.uncertain > 0 ? `${tally.uncertain} of them may have been applied: ${check}` : '';
  if (rejects === undefined || tally.failed === 0) return [throttled, maybeApplied];
  if (uncertain === undefined || tally.uncertain === 0) return [`written to ${rejects}`, throttled, maybeApplied];
  const others = tally.failed - tally.uncertain;
  return [others > 0 ? `${others} written to ${rejects}` : '', throttled, `${tally.uncertain} may have been applied, written to ${uncertain}: ${check}`];
}

/** `2 met, 1 failed (--wait-fail), 1 timed out, 1 interrupted, 1 failed otherwise`: the last two only when some were. */
function waitCounts(tally: BatchTally, waits: NonNullable<BatchTally['waits']>): string {
  const otherwise = tally.failed - waits.failed - waits.timedOut - waits.interrupted;
  const stopped = waits.interrupted > 0 ? `, ${waits.interrupted} interrupted` : '';
  return `${waits.met} met, ${waits.failed} failed (--wait-fail), ${waits.timedOut} timed out${stopped}${otherwise > 0 ? `, ${otherwise} failed otherwise` : ''}`;
}

/** How a batch ended: it read all its input, or it stopped (src/batch/stop.ts) for the reason in `why`. */
export type BatchEnd = 'complete' | { why: string; allTaken?: boolean };

/** The line printed when a batch ends, whatever the end: what was done and what is left. */
export function summaryLine(
  tally: BatchTally,
  seconds: number,
  end: BatchEnd,
  options: { rejects?: string; uncertain?: string; dryRun?: boolean; throttle?: ThrottleStats } = {},
): string {
  const lines = `${tally.done} ${tally.done === 1 ? 'line' : 'lines'}`;
  const succeeded = options.dryRun ? `${tally.succeeded} valid (nothing was sent)` : `${tally.succeeded} succeeded`;
  const notes = failedNotes(tally, options).filter(Boolean);
  const counts = `${tally.waits ? waitCounts(tally, tally.waits) : `${succeeded}, ${tally.failed} failed`}${notes.length > 0 ? ` (${notes.join('; ')})` : ''}`;
  const speed = `in ${duration(seconds)}${seconds > 0 && tally.done > 0 ? ` (${Math.round(tally.done / seconds)}/s)` : ''}`;
  const throttled = throttleSummary(options.throttle);
  if (end === 'complete') return `${lines}: ${counts} ${speed}${throttled}`;
  const left = end.allTaken ? 'every line was taken' : tally.lastLine === 0 ? 'no line was started' : `lines after line ${tally.lastLine} were not started`;
  return `${end.why}: ${lines} done, ${counts}; ${left}${throttled}`;
}

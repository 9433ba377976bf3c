/** Counts of a running batch. */
export class BatchTally {
  succeeded = 0;
  failed = 0;
  /** Failed writes whose answer was lost: they may have been applied. */
  uncertain = 0;
  /** The highest input line that has a record: every line up to it was taken. */
  lastLine = 0;
  /** How far into the file the lines with records reach, in bytes. */
  offset = 0;

  get done(): number {
    return this.succeeded + this.failed;
  }

  count(line: number, ok: boolean, endOffset: number, uncertain = false): void {
    if (ok) this.succeeded++;
    else this.failed++;
    if (uncertain) this.uncertain++;
    if (line > this.lastLine) this.lastLine = line;
    if (endOffset > this.offset) this.offset = endOffset;
  }
}

export interface ProgressOptions {
  /** Draws the status line over the last one; an empty line clears it (the context's io.status). */
  draw(line: string): void;
  /** File size in bytes, when known: the bar and ETA follow the bytes done. */
  totalBytes?: number;
  now?: () => number;
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
    options.draw(progressLine(tally, (time - started) / 1000, options.totalBytes));
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

/** `[#######.................]  29% 4,210 done · 12 failed · 812/s · ETA 12s` */
export function progressLine(tally: BatchTally, seconds: number, totalBytes: number | undefined): string {
  const rate = seconds > 0 ? tally.done / seconds : 0;
  const parts = [`${tally.done.toLocaleString('en-US')} done`, `${tally.failed.toLocaleString('en-US')} failed`, `${Math.round(rate)}/s`];
  if (!totalBytes) return parts.join(' · ');
  const fraction = Math.min(1, tally.offset / totalBytes);
  const filled = Math.round(fraction * BAR_WIDTH);
  const bar = `[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${String(Math.floor(fraction * 100)).padStart(3)}%`;
  if (fraction > 0) parts.push(`ETA ${duration((seconds / fraction) * (1 - fraction))}`);
  return `${bar} ${parts.join(' · ')}`;
}

export function duration(seconds: number): string {
  if (seconds < 10) return `${seconds.toFixed(1)}s`;
  if (seconds < 60) return `${Math.round(seconds)}s`;
  const minutes = Math.floor(seconds / 60);
  return minutes < 60
    ? `${minutes}m${String(Math.round(seconds % 60)).padStart(2, '0')}s`
    : `${Math.floor(minutes / 60)}h${String(minutes % 60).padStart(2, '0')}m`;
}

/** How a batch ended: it read all its input, or it stopped (src/batch/stop.ts) for the reason in `why`. */
export type BatchEnd = 'complete' | { why: string; allTaken?: boolean };

/** The line printed when a batch ends, whatever the end: what was done and what is left. */
export function summaryLine(tally: BatchTally, seconds: number, end: BatchEnd, options: { rejects?: string; dryRun?: boolean } = {}): string {
  const lines = `${tally.done} ${tally.done === 1 ? 'line' : 'lines'}`;
  const succeeded = options.dryRun ? `${tally.succeeded} valid (nothing was sent)` : `${tally.succeeded} succeeded`;
  const notes = [
    tally.failed > 0 && options.rejects ? `written to ${options.rejects}` : '',
    tally.uncertain > 0 ? `${tally.uncertain} of them may have been applied: their answer was lost` : '',
  ].filter(Boolean);
  const counts = `${succeeded}, ${tally.failed} failed${notes.length > 0 ? ` (${notes.join('; ')})` : ''}`;
  const speed = `in ${duration(seconds)}${seconds > 0 && tally.done > 0 ? ` (${Math.round(tally.done / seconds)}/s)` : ''}`;
  if (end === 'complete') return `${lines}: ${counts} ${speed}`;
  const left = end.allTaken ? 'every line was taken' : tally.lastLine === 0 ? 'no line was started' : `lines after line ${tally.lastLine} were not started`;
  return `${end.why}: ${lines} done, ${counts}; ${left}`;
}

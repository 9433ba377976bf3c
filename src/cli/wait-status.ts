import type { Clock } from '../clock.js';
import { durationWords } from '../config/durations.js';
import type { Context } from '../core/context.js';
import type { PollReport, WaitEnd, WaitPlan } from '../core/wait.js';
import { historyWords, lastSeen, valueWords } from '../core/wait-words.js';

const REDRAW_MS = 1000;

/** The one status line of a wait on a terminal: redrawn at each poll and each second, cleared at the end. */
export interface WaitStatus {
  poll(report: PollReport): void;
  end(end: WaitEnd): void;
}

/**
 * `syncStatus: pending · 3 polls · 4.2 s of 5 min`, drawn over itself on stderr; once the wait is
 * met, one line says how the watched value went (`svc: syncStatus: pending → synced after 12 s (5
 * polls)`). Only on a terminal: a pipe gets nothing but the result.
 */
export function createWaitStatus(ctx: Pick<Context, 'io'>, plan: WaitPlan, clock: Pick<Clock, 'now' | 'sleep'>): WaitStatus {
  const started = clock.now();
  const draw = (line: string) => (ctx.io.status ?? ctx.io.err)(line);
  let last: PollReport | undefined;
  let drawn = false;
  const redraw = () => {
    drawn = true;
    draw(statusLine(plan, last, clock.now() - started));
  };
  const ticking = new AbortController();
  void (async () => {
    // A clock whose sleep takes no time (a test's) would spin here: the line is then redrawn at polls only.
    for (let before = clock.now(); ; before = clock.now()) {
      await clock.sleep(REDRAW_MS, ticking.signal);
      if (clock.now() === before) return;
      redraw();
    }
  })().catch(() => {});
  return {
    poll(report) {
      last = report;
      redraw();
    },
    end(end) {
      ticking.abort();
      if (drawn) draw('');
      if (end.outcome === 'met') ctx.io.err(`svc: ${metLine(plan, end)}\n`);
    },
  };
}

/** The status line: the watched value last seen (or what is waited for), the polls, the time taken of the time allowed, a passing failure. */
export function statusLine(plan: WaitPlan, last: PollReport | undefined, elapsedMs: number): string {
  const seen = lastSeen(last?.watched) ?? `waiting for ${plan.until.text}`;
  const polls = last?.poll ?? 0;
  const parts = [seen, `${polls} ${polls === 1 ? 'poll' : 'polls'}`, `${durationWords(elapsedMs)} of ${durationWords(plan.timeoutMs)}`];
  if (last?.verdict === 'transient' && last.outcome.failure) parts.push(`last poll: ${cut(last.outcome.failure.message)}`);
  else if (last?.problem !== undefined) parts.push(`condition: ${cut(last.problem)}`);
  return parts.join(' · ');
}

/** `syncStatus: pending → synced after 12 s (5 polls)`, or `… at the first poll`. */
export function metLine(plan: WaitPlan, end: WaitEnd): string {
  const seen = end.watched ? historyWords(end.watched) : `${plan.until.text} is true`;
  return end.polls === 1 ? `${seen} at the first poll` : `${seen} after ${durationWords(end.waitedMs)} (${end.polls} polls)`;
}

/** `--debug`'s line for a poll: what its answer meant, and when the next comes. */
export function pollLine(plan: WaitPlan, report: PollReport): string {
  const seen = report.watched ? `${report.watched.label}: ${valueWords(report.watched.value)}; ` : '';
  const failure = report.outcome.failure?.message ?? '';
  const meaning = {
    met: 'met',
    failed: report.problem ?? `--wait-fail ${plan.failWhen?.text ?? ''} is true`,
    pending: `not yet${report.problem !== undefined ? ` (the condition could not be evaluated: ${report.problem})` : report.hint ? ` (${report.hint})` : ''}`,
    transient: `${failure}: waiting through it`,
    error: `${failure}: the wait ends`,
  }[report.verdict];
  const next = report.nextInMs === undefined ? '' : `; next poll in ${durationWords(report.nextInMs)}${report.asked ? ' (Retry-After)' : ''}`;
  return `* wait: poll ${report.poll} at ${durationWords(report.elapsedMs)}: ${seen}${meaning}${next}\n`;
}

const cut = (text: string): string => (text.length > 60 ? `${text.slice(0, 59)}…` : text);

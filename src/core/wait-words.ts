import { durationWords } from '../config/durations.js';
import type { Watched } from './wait-condition.js';
import type { WaitEnd, WaitPlan, WatchedHistory } from './wait.js';

/** How a front-end names the wait's options in its messages: the command line's flags, the library's options. */
export interface WaitNames {
  until: string;
  failWhen: string;
  timeout: string;
}

export const FLAG_NAMES: WaitNames = { until: '--wait-for', failWhen: '--wait-fail', timeout: '--wait-timeout' };

const SHOWN_CHARS = 40;

/**
 * A watched value on one line: a plain word as it is (`pending`), anything else as JSON, cut after
 * 40 characters. Text that would read as a number, true, false or null is quoted, so that "4" and 4
 * are told apart.
 */
export function valueWords(value: unknown): string {
  const plain = typeof value === 'string' && /^[\w.@:/+-]+$/.test(value) && !/^(-?\d+(\.\d+)?([eE][+-]?\d+)?|true|false|null)$/.test(value);
  const text = plain ? value : (JSON.stringify(value) ?? 'null');
  const chars = [...text];
  return chars.length > SHOWN_CHARS ? `${chars.slice(0, SHOWN_CHARS - 1).join('')}…` : text;
}

/** `syncStatus: pending → synced`; `…` stands for the values left out between the first and the last nine. */
export function historyWords(watched: WatchedHistory): string {
  const shown = watched.values.map(valueWords);
  if (watched.count > shown.length) shown.splice(1, 0, '…');
  return `${watched.label}: ${shown.join(' → ')}`;
}

/** `syncStatus: pending`: the value last seen. */
export const lastSeen = (watched: WatchedHistory | Watched | undefined): string | undefined => {
  if (!watched) return undefined;
  return `${watched.label}: ${valueWords('values' in watched ? watched.values.at(-1) : watched.value)}`;
};

/** The last poll of a timed-out wait failed: the deadline cut it short, or the service or network failed it; or no poll could leave at all. */
function lastFailure(end: WaitEnd, failure: string | undefined): string {
  if (end.polls === 0) return 'no poll could be sent in that time: the pace of the run (--rate, or the service throttling it) held it back';
  const { error } = end.last.result as { error?: { kind: string; failure?: string } };
  if (error?.kind === 'transport' && error.failure === 'aborted') return 'the last poll had no answer by then';
  return `the last poll failed: ${failure ?? end.last.failure?.message}`;
}

/** `--wait-fail syncStatus == 'failed'`; a library function, `failWhen(data)`, names itself. */
const named = (name: string, text: string): string => (text.startsWith(name) ? text : `${name} ${text}`);

const polls = (count: number): string => `${count} ${count === 1 ? 'poll' : 'polls'}`;

/**
 * The one sentence for a wait that ended without its condition met: failed, timed out,
 * interrupted, or a failure it could not wait through (`failure`, the core's words for the last
 * poll). Undefined for a wait that was met.
 */
export function waitEndWords(end: WaitEnd, plan: WaitPlan, names: WaitNames, failure?: string): string | undefined {
  const condition = plan.until.text;
  const seen = lastSeen(end.watched);
  const after = `${polls(end.polls)} in ${durationWords(end.waitedMs)}`;
  switch (end.outcome) {
    case 'met':
      return undefined;
    case 'failed':
      if (end.failed === undefined && end.problem !== undefined) return `the wait for ${condition} failed after ${after}: ${end.problem}`;
      return `the wait for ${condition} failed after ${after}: ${named(names.failWhen, plan.failWhen?.text ?? '')} is true${end.failed ? ` (${lastSeen(end.failed)})` : ''}`;
    case 'timeout': {
      const head = end.askedMs
        ? `gave up after ${durationWords(end.waitedMs)} waiting for ${condition}: the service asked to wait ${durationWords(end.askedMs)} more (Retry-After), past ${names.timeout} ${durationWords(plan.timeoutMs)}`
        : `timed out after ${durationWords(plan.timeoutMs)} waiting for ${condition}`;
      const notes = [polls(end.polls), ...(seen ? [`${seen} at the last answer`] : [])];
      const why = end.last.failure
        ? `; ${lastFailure(end, failure)}`
        : end.problem
          ? `; the condition could not be evaluated on the last answer: ${end.problem}`
          : end.hint
            ? `; ${end.hint}`
            : '';
      return `${head} (${notes.join(', ')})${why}`;
    }
    case 'interrupted':
      return `interrupted while waiting for ${condition}, after ${after}${seen ? ` (${seen})` : ''}`;
    case 'error': {
      const words = failure ?? end.last.failure?.message ?? 'the call failed';
      return end.polls > 1 ? `${words} (poll ${end.polls} of the wait for ${condition}, after ${durationWords(end.waitedMs)})` : words;
    }
  }
}

import { isIdempotent, type OperationSpec } from '../../registry/define.js';
import type { CallResult } from '../client/result.js';
import type { FileIdentity } from '../output/output-file.js';
import { type CheckpointLock, lockCheckpoint } from './checkpoint-lock.js';
import type { Fingerprint } from './fingerprint.js';
import { type Journal, openJournal, type PriorLine } from './journal.js';
import type { LineAnswer, LineCall } from './line-call.js';
import { asFlaggedNow, type LineOutcome, mayHaveApplied } from './records.js';
import type { SourceRecord } from './source.js';

/** What a resumed run says in its summary. */
export class ResumeTally {
  /** Records read back from the checkpoint, not sent again (uncertain ones aside). */
  fromCheckpoint = 0;
  /** Requests sent by this run. */
  sentNow = 0;
  /** Lines an earlier run may have applied, not sent again. */
  uncertain = 0;
}

/** Whether sending a request again has the effect of sending it once: as the registry declares, else by method. */
export const safeToRepeat = (op: OperationSpec): boolean => isIdempotent(op);

export interface CheckpointOptions {
  op: OperationSpec;
  journal: Journal;
  tally: ResumeTally;
  resendUncertain: boolean;
  /** The checkpoint's path, as the user named it. */
  path: string;
  /** Its lock: asked before each request; once lost, the journal is another run's and gets nothing more from this one. */
  lock: Pick<CheckpointLock, 'owned' | 'lost'>;
}

export interface CheckpointRun {
  /** The journal's side of sending: the line is on disk as started before its request leaves. */
  call(send: LineCall): LineCall;
  /**
   * Wraps the line processor: a line the checkpoint holds a record for is answered from it; a line
   * an earlier run started but did not record is uncertain, and is sent again only when that is safe
   * (or asked for); every outcome found now is journaled.
   */
  processor(process: (record: SourceRecord) => Promise<LineOutcome>): (record: SourceRecord) => Promise<LineOutcome>;
}

export function createCheckpointRun({ op, journal, tally, resendUncertain, path, lock }: CheckpointOptions): CheckpointRun {
  const repeatable = safeToRepeat(op) || resendUncertain;
  // Lines whose request is known not to have taken effect: the resumed run sends them.
  const unapplied = new Set<number>();
  const mine = () => !lock.lost.aborted;
  return {
    call: (send) => async (input, line) => {
      if (!lock.owned()) return notSent(lockLost(path));
      // A line whose "started" entry is not whole on disk is not sent: a resume would find it never
      // started, and send it a second time.
      if (!(await journal.started(line))) return notSent(unwritable(path, journal.failed));
      // Checked again once the entry is on disk: a run that takes the lock over reads the journal after
      // that, so a line this run sends is one it will find started (uncertain), never one it sends too.
      if (!lock.owned()) return notSent(lockLost(path));
      tally.sentNow++;
      const answer = await send(input, line);
      if (!answer.held && (appliedNothing(answer.result) || answer.wait?.outcome === 'interrupted')) unapplied.add(line);
      return answer;
    },
    processor: (process) => async (record) => {
      const prior = readPrior(journal, record.line, op);
      if (prior?.state === 'recorded' && !(resendUncertain && isUncertain(prior.outcome))) {
        if (isUncertain(prior.outcome)) tally.uncertain++;
        else tally.fromCheckpoint++;
        return prior.outcome;
      }
      if (prior?.state === 'started' && !repeatable) {
        const outcome = uncertainOutcome(op.method);
        if (mine()) journal.finished(record.line, outcome);
        tally.uncertain++;
        return outcome;
      }
      const outcome = await process(record);
      const unsent = unapplied.delete(record.line);
      // A run that lost its lock leaves the lines it sent as a kill -9 would: started, so uncertain to the run that holds it.
      if (!mine()) return outcome;
      if (unsent) journal.unsent(record.line);
      else journal.finished(record.line, outcome);
      return outcome;
    },
  };
}

/** What an earlier run left for this line, its record flagged as this svc would flag it (a checkpoint an older svc wrote). */
function readPrior(journal: Journal, line: number, op: OperationSpec): PriorLine | undefined {
  const prior = journal.prior(line);
  return prior?.state === 'recorded' ? { state: 'recorded', outcome: asFlaggedNow(prior.outcome, op) } : prior;
}

/** The answer of a line not sent because this run can no longer keep the checkpoint. */
function notSent(why: string): LineAnswer {
  const message = `not sent: ${why}`;
  return { held: false, result: { ok: false, status: 0, error: { kind: 'transport', failure: 'aborted', message, sent: false } } };
}

const lockLost = (path: string) => `this run no longer holds --checkpoint ${path} (another run took its lock over, or the lock was removed or replaced)`;

const unwritable = (path: string, failed: AbortSignal) => `cannot write --checkpoint ${path}: ${String(failed.reason)}`;

/**
 * A line whose effect is unknown: sent by an earlier run that stopped before the answer, or a write
 * whose answer was lost or did not say (a 500, 502 or 504): its record says `mayHaveApplied`.
 */
export const isUncertain = (outcome: LineOutcome): boolean => mayHaveApplied(outcome);

export function uncertainOutcome(method: string): LineOutcome {
  const message = `an earlier run sent this line and was stopped before its answer came; the ${method} may have been applied: check before sending it again (or resume with --resend-uncertain)`;
  return { ok: false, status: null, error: { kind: 'transport', message, mayHaveApplied: true }, uncertain: true };
}

/**
 * Answers that say the request took no effect and that an uninterrupted run would not have had: a
 * refused credential (the batch halts) and Ctrl-C during a retry wait (nothing on the wire); and a
 * `--wait-for` that a stop ended (its polls only read, or repeat what is safe to repeat). The
 * resumed run sends these lines.
 */
function appliedNothing(result: CallResult<unknown>): boolean {
  if (result.ok) return false;
  const { error } = result;
  return (error.kind === 'api' && error.status === 401) || (error.kind === 'transport' && error.failure === 'aborted' && !error.sent);
}

export interface OpenedCheckpoint {
  run: CheckpointRun;
  /** Aborted when this run finds it no longer holds the checkpoint's lock: the batch stops taking lines. */
  lost: AbortSignal;
  tally: ResumeTally;
  journal: Journal;
  close(): Promise<void>;
}

/** Locks the checkpoint, then opens its journal (refusing one made for another run). Bad input: InputError. */
export async function openCheckpoint(
  path: string,
  op: OperationSpec,
  fingerprint: () => Promise<Fingerprint>,
  resendUncertain: boolean,
  guarded: readonly FileIdentity[],
): Promise<OpenedCheckpoint> {
  const lock = lockCheckpoint(path);
  try {
    const identity = await fingerprint();
    if (lock.graceMs > 0) await new Promise((resolve) => setTimeout(resolve, lock.graceMs));
    const journal = openJournal(path, identity, guarded);
    const tally = new ResumeTally();
    const close = async () => {
      try {
        await journal.close();
      } finally {
        lock.release();
      }
    };
    return { run: createCheckpointRun({ op, journal, tally, resendUncertain, path, lock }), lost: lock.lost, tally, journal, close };
  } catch (error) {
    lock.release();
    throw error;
  }
}

/** `; checkpoint run.ckpt: 2000 lines from it, 997 sent now, 3 uncertain (…)`, for the summary line. */
export function resumeSummary(path: string, tally: ResumeTally): string {
  const uncertain =
    tally.uncertain === 0
      ? '0 uncertain'
      : `${tally.uncertain} uncertain (an earlier run may have applied them; not sent again: --resend-uncertain sends them)`;
  return `; checkpoint ${path}: ${tally.fromCheckpoint} ${tally.fromCheckpoint === 1 ? 'line' : 'lines'} from it, ${tally.sentNow} sent now, ${uncertain}`;
}

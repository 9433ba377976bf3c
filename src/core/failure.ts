import { isIdempotent, type OperationSpec } from '../../registry/define.js';
import type { CallError } from '../client/result.js';
import { ExitCode } from '../errors.js';
import { mayHaveBeenApplied, mayHaveBeenAppliedWords, THROTTLED_NOT_APPLIED } from '../client/retry.js';
import type { Interruption } from '../interruption.js';

/** Which documented exit code a failure has (README, Exit codes): the same families in every front-end. */
export type FailureCategory = 'usage' | 'api' | 'network' | 'auth' | 'notFound' | 'interrupted';

/**
 * A failed call in words every front-end reports the same way: the CLI prints `message` and exits
 * with `exitCode`; the MCP server returns it as an error result; a script reads the flags.
 */
export interface Failure {
  /** One sentence, as the CLI prints it after `svc: `: the cause, the attempts made, what may have happened and the hint. */
  message: string;
  category: FailureCategory;
  /** The category's exit code; for an interruption, 128 + the number of the signal that stopped the call. */
  exitCode: number;
  /** Sending the same request again cannot apply it twice: nothing was applied, or the operation is idempotent. */
  retrySafe: boolean;
  /**
   * A write that may have taken effect: its answer was lost once it may have left, came back as a
   * success svc could not read, or was a server error that does not say it was not handled (500,
   * 502, 504). svc never repeats it.
   */
  mayHaveBeenApplied: boolean;
  /** What to do next (a 401: the credential), also said in `message`. */
  hint?: string;
  /** More for `--debug` only: an error body's details. */
  detail?: string;
}

/** Exit code by HTTP status: the status decides, whatever the body says or fails to say. */
export function exitCodeForStatus(status: number): number {
  if (status === 401) return ExitCode.auth;
  if (status === 404) return ExitCode.notFound;
  return ExitCode.api;
}

const CATEGORY_OF_STATUS: Record<number, FailureCategory> = { 401: 'auth', 404: 'notFound' };

/** What to do about a refused credential. */
export const CREDENTIAL_HINT = 'check SERVICE_API_KEY or run `svc auth login`';

/**
 * A failed call's error in words. `attempts` counts the requests sent (retries included);
 * `interruption` says which stop signal aborted the call, for its words and exit code.
 */
export function describeFailure(
  error: CallError,
  attempts = 1,
  op: Pick<OperationSpec, 'method' | 'idempotent'> = { method: 'GET' },
  interruption?: Interruption,
): Failure {
  const idempotent = isIdempotent(op);
  const tries = attempts > 1 ? ` (after ${attempts} attempts)` : '';
  // A write that may have taken effect is never repeated by svc, and its line says so (src/client/retry.ts).
  const applied = mayHaveBeenApplied(op, error);
  const unknown = applied ? `; ${mayHaveBeenAppliedWords(op.method)}` : '';
  const facts = { retrySafe: !applied, mayHaveBeenApplied: applied, ...(applied ? { hint: 'check before sending it again' } : {}) };
  switch (error.kind) {
    case 'invalid':
      return { message: error.message, category: 'usage', exitCode: ExitCode.usage, retrySafe: true, mayHaveBeenApplied: false };
    case 'unreadable':
      // A 2xx whose body could not be read: the service did what was asked, so a write was applied.
      return { message: `${error.message}${tries}${unknown}`, category: 'network', exitCode: ExitCode.network, ...facts };
    case 'transport': {
      // A lost answer to a write leaves the user not knowing whether it happened; svc never repeats it.
      // That includes a write interrupted once it may have left: the server may have applied it.
      if (error.failure === 'aborted') {
        return {
          message: `${error.message}${interruption?.named ?? ''}${tries}${unknown}`,
          category: 'interrupted',
          exitCode: interruption?.exitCode ?? ExitCode.interrupted,
          ...facts,
        };
      }
      const category = error.failure === 'proxy-auth' ? 'auth' : 'network';
      return { message: `${error.message}${tries}${unknown}`, category, exitCode: ExitCode[category], ...facts };
    }
    case 'api': {
      const kind = error.type || error.code ? ` (${[error.type, error.code].filter(Boolean).join('/')}, HTTP ${error.status})` : '';
      const hint = error.status === 401 ? CREDENTIAL_HINT : error.status === 429 ? THROTTLED_NOT_APPLIED : undefined;
      const failure: Failure = {
        message: `${error.message}${kind}${hint ? `; ${hint}` : ''}${tries}${unknown}`,
        category: CATEGORY_OF_STATUS[error.status] ?? 'api',
        exitCode: exitCodeForStatus(error.status),
        // Refused (4xx): nothing was applied. A server fault (5xx) may have done part of a write; a 500,
        // 502 or 504 does not even say whether it was handled, and is said to be maybe applied.
        retrySafe: idempotent || error.status < 500,
        mayHaveBeenApplied: applied,
      };
      const next = hint ?? facts.hint;
      if (next) failure.hint = next;
      if (error.details !== undefined) failure.detail = `details: ${JSON.stringify(error.details, null, 2)}`;
      return failure;
    }
  }
}

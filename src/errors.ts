import { isBranded, setBrand } from './cross-script.js';

/** Documented exit codes (README and `svc --help`). */
export const ExitCode = {
  ok: 0,
  api: 1,
  usage: 2,
  network: 3,
  auth: 4,
  notFound: 5,
  /** The output could not be made as asked; whatever was sent was sent (README, Exit codes). */
  output: 6,
  /** `--paginate` stopped at a page it could not read or follow; the pages before it were printed. */
  partial: 7,
  /** A batch stopped because it can no longer keep its --checkpoint: another run took it over (its lock taken over, removed or replaced), or it cannot be written (a full disk). It sent nothing more. */
  checkpointLost: 8,
  /** `--wait-for` ended because its `--wait-fail` condition became true (or a line of a batch did, among its records). */
  waitFailed: 9,
  /** `--wait-for` ran out of time (`--wait-timeout`) before its condition was met; 124, as timeout(1) exits. */
  waitTimedOut: 124,
  /** The terminal was closed (SIGHUP, 128 + 1). */
  hangUp: 129,
  /** Ctrl-C (SIGINT, 128 + 2). */
  interrupted: 130,
  /** A batch's reader went away (`| head`): 128 + SIGPIPE's 13, as a shell reports a pipe's writer. */
  outputClosed: 141,
  /** SIGTERM (128 + 15): CI time-outs, `docker stop`. */
  terminated: 143,
} as const;

export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];

const SVC_ERROR = Symbol.for('svc.SvcError');
const INPUT_ERROR = Symbol.for('svc.InputError');

/**
 * The one error that reaches the user, from any front-end: a sentence and an exit code. The command line
 * prints it as one line on stderr and exits with the code; `svc mcp` returns it as a tool error.
 */
export class SvcError extends Error {
  /** Any copy's instance (src/cross-script.ts): `svc mcp`'s script reads the command line's settings. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return isBranded(this, SvcError, SVC_ERROR, value);
  }

  constructor(
    message: string,
    readonly exitCode: number,
    /** More for `--debug` only (an error body's details, say). */
    readonly debugDetail?: string,
  ) {
    super(message);
    this.name = 'SvcError';
    setBrand(this, SVC_ERROR);
  }
}

export const usageError = (message: string): SvcError => new SvcError(message, ExitCode.usage);

/**
 * After a request was sent, no failure may claim that nothing was (exit 2): a usage error or an
 * unexpected fault while showing the answer becomes an output failure (exit 6) that says the request
 * was sent and how it was answered.
 */
export function afterSending(error: unknown, answered: string): SvcError {
  if (error instanceof SvcError && error.exitCode !== ExitCode.usage && error.exitCode !== ExitCode.output) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new SvcError(`${message} (${answered})`, ExitCode.output, error instanceof SvcError ? error.debugDetail : (error as Error | undefined)?.stack);
}

/** One thing wrong with refused input, named as the user gave it. */
export interface InputIssue {
  /** The argument, flag, field or column (`draftId`, `--data`, `data.amount`); absent when it is the input as a whole. */
  field?: string;
  message: string;
}

/** `field: message`, or the message alone: how an issue reads on one line and in a batch record. */
export const describeInputIssue = (issue: InputIssue): string => (issue.field === undefined ? issue.message : `${issue.field}: ${issue.message}`);

/**
 * Refused input, with nothing sent: from argv, a `--body` file, a batch input, line or column, a path
 * parameter. The one type for all of them: the command line shows its message (exit 2), a batch
 * record and the library's `invalid` result list its issues.
 */
export class InputError extends Error {
  /** Any copy's instance (src/cross-script.ts). */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return isBranded(this, InputError, INPUT_ERROR, value);
  }

  readonly issues: readonly InputIssue[];

  /** `sentence` when the issues read better otherwise on one line (`<draftId> is required`). */
  constructor(issues: string | InputIssue | readonly InputIssue[], sentence?: string) {
    const list: readonly InputIssue[] = typeof issues === 'string' ? [{ message: issues }] : Array.isArray(issues) ? issues : [issues as InputIssue];
    super(sentence ?? list.map(describeInputIssue).join('; '));
    this.name = 'InputError';
    this.issues = list;
    setBrand(this, INPUT_ERROR);
  }

  /** The same issues, found under a flag or column: `--data: …`, `column tags: …`. */
  under(where: string): InputError {
    return new InputError(this.issues.map((issue) => ({ ...issue, field: issue.field === undefined ? where : `${where} ${issue.field}` })));
  }
}

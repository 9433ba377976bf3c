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

/** The one error that reaches the user: a sentence and an exit code, printed as one line on stderr. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
    /** More for `--debug` only (an error body's details, say). */
    readonly debugDetail?: string,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

export const usageError = (message: string): CliError => new CliError(message, ExitCode.usage);

/**
 * After a request was sent, no failure may claim that nothing was (exit 2): a usage error or an
 * unexpected fault while showing the answer becomes an output failure (exit 6) that says the request
 * was sent and how it was answered (issue #17).
 */
export function afterSending(error: unknown, answered: string): CliError {
  if (error instanceof CliError && error.exitCode !== ExitCode.usage && error.exitCode !== ExitCode.output) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new CliError(`${message} (${answered})`, ExitCode.output, error instanceof CliError ? error.debugDetail : (error as Error | undefined)?.stack);
}

import type { CallError, CallResult } from '../client/result.js';
import { isIdempotent, type OperationSpec } from '../../registry/define.js';
import type { OperationInput } from '../input/operation-input.js';
import type { Context } from '../core/context.js';
import { CliError, ExitCode } from '../errors.js';
import { type Interruption, interruptionOf } from './interruption.js';
import type { Presenter, TerminalView } from '../core/presenter.js';
import { oneLine } from '../output/terminal-safe.js';

export interface Outcome {
  op: OperationSpec;
  input: OperationInput;
  result: CallResult<unknown>;
  presenter: Presenter;
  view?: TerminalView;
  /** `--strict`: a 2xx that does not match the registry's response schema is a failure (exit 3). */
  strict?: boolean;
}

/**
 * Prints a success on stdout; turns a failure into the one CliError that reaches the user.
 * Secrets in what it prints are redacted by the context's io (src/cli/guarded-context.ts).
 */
export async function reportResult(ctx: Context, { op, input, result, presenter, view, strict }: Outcome): Promise<void> {
  if (!result.ok) throw toCliError(result.error, result.attempts, op, interruptionOf(ctx.signal));
  if (result.mismatch && strict) throw new CliError(`the response does not match the registry's schema (${result.mismatch}); --strict refuses it`, ExitCode.network);
  if (result.warning) ctx.io.err(`svc: warning: ${oneLine(result.warning)}\n`);
  if (result.mismatch) ctx.io.err(`svc: warning: the response does not match the registry's schema (${oneLine(result.mismatch)})\n`);
  if (result.data === undefined) return;
  // What the service sent, exactly (issue #17); `data` is the schema's reading of it.
  await presenter.present(result.json ?? result.data, view);
  if (result.data === null && op.nullResult) ctx.io.err(`svc: ${oneLine(fillTemplate(op.nullResult, input))}\n`);
}

function fillTemplate(text: string, input: OperationInput): string {
  const values: Record<string, unknown> = { ...input.body, ...input.params };
  return text.replace(/\{(\w+)\}/g, (match, name: string) => (values[name] === undefined ? match : String(values[name])));
}

/** Exit code by HTTP status: the status decides, whatever the body says or fails to say. */
export function exitCodeForStatus(status: number): number {
  if (status === 401) return ExitCode.auth;
  if (status === 404) return ExitCode.notFound;
  return ExitCode.api;
}

/**
 * The error line; secrets in it are redacted by the context's io (src/cli/guarded-context.ts).
 * `interruption` says which stop signal aborted the call, for its words and exit code.
 */
export function toCliError(error: CallError, attempts = 1, op: Pick<OperationSpec, 'method' | 'idempotent'> = { method: 'GET' }, interruption?: Interruption): CliError {
  const { method } = op;
  const tries = attempts > 1 ? ` (after ${attempts} attempts)` : '';
  // A lost answer to a write leaves the user not knowing whether it happened; svc never repeats it.
  // That includes a write interrupted once it may have left: the server may have applied it (issue #10).
  const unknown = error.kind === 'transport' && error.sent && !isIdempotent(op) ? `; the ${method} may have been applied: check before sending it again` : '';
  switch (error.kind) {
    case 'invalid':
      return new CliError(error.message, ExitCode.usage);
    case 'unreadable':
      return new CliError(`${error.message}${tries}`, ExitCode.network);
    case 'transport': {
      if (error.failure !== 'aborted') return new CliError(`${error.message}${tries}${unknown}`, error.failure === 'proxy-auth' ? ExitCode.auth : ExitCode.network);
      return new CliError(`${error.message}${interruption?.named ?? ''}${tries}${unknown}`, interruption?.exitCode ?? ExitCode.interrupted);
    }
    case 'api': {
      const kind = error.type || error.code ? ` (${[error.type, error.code].filter(Boolean).join('/')}, HTTP ${error.status})` : '';
      const hint = error.status === 401 ? '; check SERVICE_API_KEY or run `svc auth login`' : '';
      const detail = error.details === undefined ? undefined : `details: ${JSON.stringify(error.details, null, 2)}`;
      return new CliError(`${error.message}${kind}${hint}${tries}`, exitCodeForStatus(error.status), detail);
    }
  }
}


import type { CallResult } from '../client/result.js';
import type { OperationSpec } from '../../registry/define.js';
import type { OperationInput } from '../input/operation-input.js';
import type { Context } from '../core/context.js';
import type { Failure } from '../core/failure.js';
import { afterSending, SvcError, ExitCode } from '../errors.js';
import type { HttpRequest } from '../client/transport.js';
import type { Presentation, Presenter, TerminalView } from '../core/presenter.js';
import { terminalSafeLine } from '../output/terminal-safe.js';

export interface Answered {
  op: OperationSpec;
  input: OperationInput;
  result: Extract<CallResult<unknown>, { ok: true }>;
  presenter: Presenter;
  view?: TerminalView;
  /** `--strict`: a 2xx that does not match the registry's response schema is a failure (exit 3). */
  strict?: boolean;
}

/**
 * Prints a success on stdout, its warnings on stderr. Secrets in what it prints are redacted by the
 * context's io (src/cli/guarded-context.ts).
 */
export async function reportResult(ctx: Pick<Context, 'io'>, { op, input, result, presenter, view, strict }: Answered): Promise<void> {
  if (result.mismatch && strict)
    throw new SvcError(`the response does not match the registry's schema (${result.mismatch}); --strict refuses it`, ExitCode.network);
  if (result.warning) ctx.io.err(`svc: warning: ${terminalSafeLine(result.warning)}\n`);
  if (result.mismatch) ctx.io.err(`svc: warning: the response does not match the registry's schema (${terminalSafeLine(result.mismatch)})\n`);
  if (result.data === undefined) return;
  // What the service sent, exactly; `data` is the schema's reading of it.
  printPresentation(ctx, await presenter.present(result.json ?? result.data, view));
  if (result.data === null && op.nullResult) ctx.io.err(`svc: ${terminalSafeLine(fillTemplate(op.nullResult, input))}\n`);
}

/**
 * A sent request's success, shown: `onSuccess` (`--save-html`) first, then the answer printed. A
 * file that cannot be written still leaves the answer to be printed, so the user learns what
 * happened; any failure here says the request was sent and how it was answered (exit 6).
 */
export async function reportSent(
  ctx: Pick<Context, 'io'>,
  answered: Answered & { request: HttpRequest; onSuccess?(data: unknown): Promise<void> },
): Promise<void> {
  const { request, result } = answered;
  try {
    const saved = await answered.onSuccess?.(result.data).then(
      () => undefined,
      (error: unknown) => error,
    );
    await reportResult(ctx, answered);
    if (saved !== undefined) throw saved;
  } catch (error) {
    throw afterSending(error, `the ${request.method} was sent and answered HTTP ${result.status}`);
  }
}

/** Prints a presented value on stdout; the output asked for that could not be made is the output failure (exit 6). */
export function printPresentation(ctx: Pick<Context, 'io'>, presentation: Presentation): void {
  if (presentation.text !== undefined) ctx.io.out(presentation.text);
  if (presentation.problem !== undefined) throw new SvcError(presentation.problem, ExitCode.output);
}

function fillTemplate(text: string, input: OperationInput): string {
  const values: Record<string, unknown> = { ...input.body, ...input.params };
  return text.replace(/\{(\w+)\}/g, (match, name: string) => (values[name] === undefined ? match : String(values[name])));
}

/** The one error that reaches the user for a failed call (src/core/failure.ts words it). */
export const failureError = (failure: Failure): SvcError => new SvcError(failure.message, failure.exitCode, failure.detail);

import type { Context, IO } from '../core/context.js';
import { learnSecrets } from '../core/secrets.js';
import { colorEnabled } from '../output/color.js';
import { fitToColumns, terminalSafe } from '../output/terminal-safe.js';

/**
 * The one output door: wraps a context so that everything printed through it, by
 * any command, --debug, --dry-run, errors, batch records or help, is first redacted of every known
 * secret in every form (the core learns them: src/core/secrets.ts), then made safe for a terminal:
 * stderr always (it is read by people and CI logs), stdout when it is a terminal (piped, the data
 * stays exact). Safe means every control character is shown, not obeyed (src/output/terminal-safe.ts);
 * only svc's own colours survive on stdout, and only `io.status` (the progress bar, a wait's status
 * line) moves the cursor, on a line cut to the terminal's width so that each redraw covers the last.
 * Only `secrets.reveal` (`svc auth token`) prints whole. Config write warnings are printed here too.
 */
export function guardContext(ctx: Context, extraSecrets: readonly string[] = []): Context {
  return learnSecrets(ctx, extraSecrets, (redact) => guardedOutput(ctx, redact));
}

function guardedOutput(ctx: Context, redact: (text: string) => string): Pick<IO, 'out' | 'err' | 'status'> {
  let stdoutSafe: ((text: string) => string) | undefined;
  const forStdout = (): ((text: string) => string) => {
    if (!ctx.io.stdoutIsTTY) return (text) => text;
    const colour = colorEnabled(ctx.env, true);
    return (text) => terminalSafe(text, { newlines: true, colour });
  };
  const forStderr = (text: string): string => terminalSafe(redact(text), { newlines: true });
  return {
    out: (text) => ctx.io.out((stdoutSafe ??= forStdout())(redact(text))),
    err: (text) => ctx.io.err(forStderr(text)),
    status: (line) => ctx.io.err(`\r${fitToColumns(terminalSafe(redact(line), { newlines: false }), ctx.io.stderrColumns)}\u001b[K`),
  };
}

import type { Context } from '../core/context.js';
import { SvcError, ExitCode, usageError } from '../errors.js';
import type { Invocation } from './invocation.js';

/** Someone can be asked: standard input to read the answer from and standard error to ask on are both a terminal. */
const canAsk = (ctx: Pick<Context, 'io'>): boolean => ctx.io.stdinIsTTY && ctx.io.stderrIsTTY;

/**
 * A destructive operation, single call or batch, goes ahead only with `--yes` or a person's answer.
 * With no one to ask (a script, CI, `< /dev/null`) and no `--yes`, it is refused as bad usage before
 * anything is sent, as gh refuses ("--yes required when not running interactively"): a script that
 * deletes says so in its own text. `--dry-run` sends nothing, so it needs no consent.
 */
export function refuseWithoutConsent(ctx: Pick<Context, 'io'>, inv: Pick<Invocation, 'id' | 'op' | 'flags' | 'globals'>): void {
  if (!inv.op.destructive || inv.flags.yes || inv.globals.dryRun || canAsk(ctx)) return;
  throw usageError(
    `--yes required when not running interactively: svc ${inv.id.replace(/_/g, ' ')} cannot be undone, and with no terminal svc cannot ask; nothing was sent`,
  );
}

/**
 * The one confirmation of a destructive operation, single call or batch, asked on a terminal
 * (refuseWithoutConsent has already stopped the runs with no one to ask): anything but y or yes
 * cancels with nothing sent. `subject` is what is about to happen.
 */
export async function confirmDestructive(ctx: Pick<Context, 'io'>, subject: () => string | Promise<string>): Promise<void> {
  if (!canAsk(ctx)) throw usageError('--yes required when not running interactively; nothing was sent');
  const answer = await ctx.io.prompt(`${await subject()}? This cannot be undone. [y/N] `);
  if (!/^y(es)?$/i.test(answer.trim())) throw new SvcError('cancelled: nothing was sent', ExitCode.usage);
}

import type { Context } from '../core/context.js';
import { SvcError, ExitCode } from '../errors.js';

/**
 * The one confirmation of a destructive operation, single call or batch: asked on a terminal only
 * (scripts proceed, as gh and the AWS CLI do), anything but y or yes cancels with nothing sent.
 * `subject` is what is about to happen; it is worked out only when there is someone to ask.
 */
export async function confirmDestructive(ctx: Pick<Context, 'io'>, subject: () => string | Promise<string>): Promise<void> {
  if (!ctx.io.stdinIsTTY || !ctx.io.stderrIsTTY) return;
  const answer = await ctx.io.prompt(`${await subject()}? This cannot be undone. [y/N] `);
  if (!/^y(es)?$/i.test(answer.trim())) throw new SvcError('cancelled: nothing was sent', ExitCode.usage);
}

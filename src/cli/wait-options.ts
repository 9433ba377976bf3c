import { commandWords } from '../../registry/command-names.js';
import type { OperationSpec } from '../../registry/define.js';
import { DURATION_OPTIONS, durationWords, parseDurationOption } from '../config/durations.js';
import { parseRate, type Rate } from '../config/rate.js';
import { compileCondition } from '../core/wait-condition.js';
import type { WaitPlan } from '../core/wait.js';
import { InputError } from '../errors.js';
import { canWait, WAIT_DEFAULTS, WAIT_FLAGS, whyNoWait } from '../input/wait-flags.js';

/** `--wait-for` and its options as read from argv, with `--rate` for the polls. */
export interface WaitRequest {
  plan: WaitPlan;
  /** `--rate`: polls started per second at most (the profile's `rate` when absent). */
  rate?: Rate;
}

/**
 * Reads the wait flags of a command (`command` names it in a refusal: `svc email drafts get`), refusing before anything is sent: an operation that is not
 * safe to repeat, an option without `--wait-for`, `--paginate` beside it, a condition that does
 * not compile, a duration out of its range, an interval longer than the time allowed.
 */
export function readWaitRequest(command: string, op: OperationSpec, flags: Record<string, unknown>): WaitRequest {
  const until = flags.waitFor;
  if (until === undefined) {
    const alone = WAIT_FLAGS.find((flag) => flags[flag.key] !== undefined);
    throw new InputError(`--${alone!.name} needs --wait-for <condition>`);
  }
  if (!canWait(op)) throw new InputError(`--wait-for: ${command} cannot wait: ${whyNoWait(op)}`);
  if (flags.paginate !== undefined)
    throw new InputError('--wait-for waits for one answer to change; it does not apply with --paginate (wait with a read of one item, then list)');
  const timeoutMs = flags.waitTimeout === undefined ? WAIT_DEFAULTS.timeoutMs : parseDurationOption(flags.waitTimeout, DURATION_OPTIONS.waitTimeout);
  const plan: WaitPlan = {
    until: condition('--wait-for', String(until), 'exists-or-deleted'),
    timeoutMs,
    // Unasked, the first pause is a second, or the whole time allowed when that is shorter.
    intervalMs:
      flags.waitInterval === undefined
        ? Math.max(DURATION_OPTIONS.waitInterval.min * 1000, Math.min(WAIT_DEFAULTS.intervalMs, timeoutMs))
        : parseDurationOption(flags.waitInterval, DURATION_OPTIONS.waitInterval),
  };
  if (flags.waitFail !== undefined) plan.failWhen = condition('--wait-fail', String(flags.waitFail), 'expression-only');
  if (flags.waitInterval !== undefined && plan.intervalMs > plan.timeoutMs)
    throw new InputError(
      `--wait-interval ${durationWords(plan.intervalMs)} is longer than --wait-timeout ${durationWords(plan.timeoutMs)}: the wait would end before its second poll`,
    );
  return { plan, ...(flags.rate === undefined ? {} : { rate: parseRate(flags.rate, '--rate') }) };
}

/** An operation's command as a refusal names it: `svc email drafts get`. */
export const operationCommand = (id: string): string => `svc ${commandWords(id).join(' ')}`;

function condition(flag: string, text: string, words: Parameters<typeof compileCondition>[1]) {
  const compiled = compileCondition(text, words);
  if (!compiled.ok) throw new InputError(`${flag}: ${compiled.message}`);
  return compiled.condition;
}

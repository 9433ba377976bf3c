import type { OperationSpec, Safety } from '../../registry/define.js';

/** One flag of a wait, as every operation that is safe to repeat has it. */
export interface WaitFlag {
  /** Long name without dashes: `wait-for`. */
  name: string;
  /** Where commander keeps its value: `waitFor`. */
  key: 'waitFor' | 'waitFail' | 'waitTimeout' | 'waitInterval';
  /** Its value as help shows it. */
  value: string;
  /** The value's type in words, as help and `svc ops` show it. */
  type: 'expression' | 'duration';
  help: string;
}

/** What a wait takes when its options are not given (docs/guide/waiting.md). */
export const WAIT_DEFAULTS = { timeoutMs: 300_000, intervalMs: 1_000 } as const;

/**
 * The wait flags, declared once: help, `svc ops`, completion and the manual read them
 * (src/cli/operation-flags.ts), a command reads their values (src/cli/wait-options.ts), and a
 * field's flag never takes one of their names (src/input/fields.ts).
 */
export const WAIT_FLAGS: readonly WaitFlag[] = [
  {
    name: 'wait-for',
    key: 'waitFor',
    value: '<condition>',
    type: 'expression',
    help: "call again until this is true of the answer, then print it: a JMESPath expression (syncStatus == 'synced'), exists (a 2xx) or deleted (a 404)",
  },
  {
    name: 'wait-fail',
    key: 'waitFail',
    value: '<expression>',
    type: 'expression',
    help: "with --wait-for, stop at once, exit 9, when this JMESPath expression is true of an answer (syncStatus == 'failed')",
  },
  {
    name: 'wait-timeout',
    key: 'waitTimeout',
    value: '<duration>',
    type: 'duration',
    help: 'with --wait-for, give up after this long, exit 124: seconds (90, 0.5) or 500ms, 90s, 5m, 1h (default 5m)',
  },
  {
    name: 'wait-interval',
    key: 'waitInterval',
    value: '<duration>',
    type: 'duration',
    help: 'with --wait-for, the first pause between calls, growing by half each time to 30s (default 1s); never shorter',
  },
];

/**
 * Whether a wait may call this operation again and again: only what the registry declares safe to
 * repeat, a read (`safe`) or an `idempotent` change. A create (`unsafe`) would be applied at every
 * poll, and a `destructive` operation asks before each call.
 */
export const canWait = (op: Pick<OperationSpec, 'safety'>): boolean => op.safety === 'safe' || op.safety === 'idempotent';

/** What an operation's declared safety means, as `svc ops` and the refusal of a wait say it. */
export const SAFETY_WORDS: Readonly<Record<Safety, string>> = {
  safe: 'it only reads',
  idempotent: 'sending it twice does what sending it once does',
  unsafe: 'it changes data, and sending it twice may do it twice',
  destructive: 'it removes or overwrites data, and is confirmed call by call',
};

/** Why an operation cannot wait, in the words of its declared safety. */
export function whyNoWait(op: Pick<OperationSpec, 'safety' | 'method'>): string {
  return `it is not safe to repeat (its safety is ${op.safety}: ${SAFETY_WORDS[op.safety]}), and each poll would send the ${op.method} again; wait on a read of what it changed instead`;
}

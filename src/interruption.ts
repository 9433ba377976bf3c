import { isBranded, setBrand } from './cross-script.js';
import { SvcError, ExitCode } from './errors.js';

const INTERRUPTION = Symbol.for('svc.Interruption');

/**
 * The signals after which svc stops in order: Ctrl-C (SIGINT), a closed terminal (SIGHUP), and
 * what CI time-outs and `docker stop` send (SIGTERM). Each gets the same orderly end:
 * nothing new starts, what is in flight finishes and is recorded, then exit 128 + its number.
 */
export const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
export type StopSignal = (typeof STOP_SIGNALS)[number];

const exitCodes: Record<StopSignal, number> = { SIGINT: ExitCode.interrupted, SIGTERM: ExitCode.terminated, SIGHUP: ExitCode.hangUp };

/** The reason ctx.signal is aborted with, so whoever stops can say why and exit with the right code. */
export class Interruption extends Error {
  /** Any copy's instance (src/cross-script.ts): `svc mcp`'s script reads the command line's stop signal. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return isBranded(this, Interruption, INTERRUPTION, value);
  }

  constructor(readonly signal: StopSignal) {
    super(`interrupted by ${signal}`);
    this.name = 'Interruption';
    setBrand(this, INTERRUPTION);
  }

  get exitCode(): number {
    return exitCodes[this.signal];
  }

  /** "interrupted" for Ctrl-C, as users know it; the signal's name beside it for the others. */
  get words(): string {
    return `interrupted${this.named}`;
  }

  /** " (SIGTERM)", or nothing for Ctrl-C: added to a message that says what was interrupted. */
  get named(): string {
    return this.signal === 'SIGINT' ? '' : ` (${this.signal})`;
  }
}

export const exitCodeOfSignal = (signal: StopSignal): number => exitCodes[signal];

/** Why this signal was aborted; Ctrl-C when it says nothing (a test's plain abort()). */
export function interruptionOf(signal: AbortSignal | undefined): Interruption {
  const reason: unknown = signal?.reason;
  return reason instanceof Interruption ? reason : new Interruption('SIGINT');
}

/** A question at the terminal cut short (Ctrl-C, or a stop signal): nothing was done. */
export const interruptedPrompt = (interruption: Interruption): SvcError =>
  new SvcError(`${interruption.words} at the prompt: nothing was done`, interruption.exitCode);

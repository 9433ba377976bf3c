import type { RejectsFile } from '../batch/rejects.js';
import type { OpenedInput } from '../batch/source.js';
import type { Clock } from '../clock.js';
import type { Keyring } from '../auth/keyring.js';
import type { Transport } from '../client/transport.js';
import type { ConfigStore } from '../config/store.js';
import type { FileIdentity } from '../output/output-file.js';

export interface IO {
  out(text: string): void;
  err(text: string): void;
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  stdinIsTTY: boolean;
  /** Terminal width, when stdout is a terminal. */
  columns?: number;
  /** Terminal width, when stderr is a terminal: the status line is cut to it. */
  stderrColumns?: number;
  /** Aborted once standard output's reader has gone (EPIPE): a batch stops taking lines. */
  stdoutClosed?: AbortSignal;
  /**
   * All of standard input, as text; an InputError once it passes `maxBytes` (a pipe that never ends).
   * `claim` names the reader as the user typed it (`--body -`): standard input is read once, and
   * a second claim is refused naming both (src/core/stdin-claims.ts).
   */
  stdin(maxBytes: number, claim: string): Promise<string>;
  /** Standard input as it arrives, for inputs too large to hold (batch `--input -`); claimed as `stdin` is. */
  stdinChunks(claim: string): AsyncIterable<Uint8Array>;
  /** Claims standard input before reading it, so a command refuses a pair of claims before either waits for input. */
  claimStdin?(claim: string): void;
  /**
   * svc's own status line on stderr (the batch progress bar): drawn over itself with `\r` and
   * erase-to-end-of-line, the only cursor control svc writes. Set by the guarded context.
   */
  status?(line: string): void;
  /** Asks one question on the terminal; `hidden` does not echo what is typed. */
  prompt(question: string, options?: { hidden?: boolean }): Promise<string>;
}

/**
 * The files a user names, opened for the command (gh's `IOStreams.ReadUserFile`): a command never
 * opens one itself, so a test hands it files in memory. Each refusal is an InputError saying why.
 */
export interface UserFiles {
  /** `--body @file`, `--fixtures`: the text (UTF-8, at most `maxBytes`). */
  readText(path: string, maxBytes: number): Promise<string>;
  /** `--input <file>`, and the checkpoint's fingerprint of it: opened to be read as it arrives. */
  openInput(path: string): Promise<OpenedInput>;
  /**
   * `--rejects <file>`: created or emptied and locked, unless it is one of `guarded`; `header` goes
   * first. `apart`: the lines that may have been applied go to a file of their own beside it.
   */
  openRejects(path: string, header: string | undefined, guarded: readonly FileIdentity[], apart: boolean): Promise<RejectsFile>;
  /** `--save-html <file>`: checked now (before anything is sent), written whole by the function returned. */
  prepareWrite(path: string, flag: string): Promise<(text: string) => void>;
  /** `svc mock --example-files`: creates the file with this text; false, and nothing written, when one is already there. */
  writeNew(path: string, text: string, flag: string): Promise<boolean>;
}

/** Everything a command may touch; src/core/process-context.ts wires the real one (a front-end brings its IO), tests build a fake. */
export interface Context {
  io: IO;
  env: Record<string, string | undefined>;
  send: Transport;
  /** A transport of its own with this many keep-alive connections, for a command that reads many answers (batch mode, `--paginate`); `send` when absent. */
  createTransport?(options: { connections: number }): Transport;
  files: UserFiles;
  /** Lazy: a command that needs no config never loads it. */
  config(): Promise<ConfigStore>;
  /** The system keyring, opened only when a stored token is written, read or removed; the real one when absent. */
  keyring?(): Promise<Keyring>;
  /** Aborted on Ctrl-C, SIGTERM or SIGHUP; its reason is an Interruption (src/interruption.ts) naming which. */
  signal?: AbortSignal;
  /**
   * Aborted on a second stop signal, if a command asked for it: a batch draining its calls in flight
   * then abandons them and records each as interrupted. Unasked for, a second signal exits at once.
   */
  hurry?: AbortSignal;
  /** Time and jitter of retry waits; the system clock when absent. */
  clock?: Clock;
  /** Set by src/core/secrets.ts (the CLI: `run`, through src/cli/guarded-context.ts): every secret it learns is redacted from `io`. */
  secrets?: Secrets;
}

export interface Secrets {
  /** Redacts this value, in every form it takes (src/auth/redaction.ts), from everything printed from now on: a token, a proxy password. */
  add(secret: string): void;
  /** Text with every known secret redacted: what must happen before anything cuts, folds or wraps text. */
  redact(text: string): string;
  /** A JSON value with every string and key redacted (a response, before it is formatted). */
  redactValue<T>(value: T): T;
  /** Prints to stdout without redaction: `svc auth token` only, whose job is to print the token. */
  reveal(text: string): void;
}

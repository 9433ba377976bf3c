import { areas } from '../../registry/areas.js';
import type { Transport } from '../client/transport.js';
import type { ConfigStore } from '../config/store.js';
import { builtins } from './builtins.js';
import type { Context, IO } from '../core/context.js';
import { exitCodeOfSignal, Interruption, STOP_SIGNALS } from './interruption.js';
import { processFiles } from '../core/process-files.js';
import { openProcessOutput, terminalColumns } from './process-output.js';
import { run } from './run.js';

/** Wires the real world into a Context once; everything below receives it. */
export function createProcessContext(): Context {
  let interrupt: StopSignals | undefined;
  let store: Promise<ConfigStore> | undefined;
  // The one place svc ends the process itself (a third stop signal, standard output failing after
  // the command returned): the process's own wiring, never a command, which returns its exit code
  // for bin/svc.cjs to set.
  const exit = (code: number): never => process.exit(code);
  const stopSignals = () => (interrupt ??= abortOnStopSignals(exit));
  const stopSignal = () => stopSignals().stop.signal;
  return {
    io: createProcessIO(exit, stopSignal),
    env: process.env,
    ...processTransports(),
    files: processFiles,
    config: () => (store ??= import('../config/config-file.js').then((file) => file.openConfigStore(process.env))),
    // Made when a command first asks (a request, a prompt, svc mock): until then a signal just ends
    // the process (exit 128 + its number), and help and usage errors skip loading AbortController (~1 ms).
    get signal() {
      return stopSignal();
    },
    get hurry() {
      const signals = stopSignals();
      signals.hurryHeard = true;
      return signals.hurry.signal;
    },
  };
}

/** Standard input, output and error, each set up only when a command first asks (README, Speed). */
function createProcessIO(exit: (code: number) => never, stopSignal: () => AbortSignal): IO {
  let stdoutClosed: AbortController | undefined;
  const stderr = openProcessOutput(2, () => process.stderr);
  const stdout = openProcessOutput(1, () => process.stdout, undefined, {
    onClosed: () => stdoutClosed?.abort(),
    // Too late for the command to report it: one line, then the output failure code.
    onLateFailure: (failure) => {
      stderr.write(`svc: ${failure.message}\n`);
      exit(failure.exitCode);
    },
  });
  return {
    out: stdout.write,
    err: stderr.write,
    // Getters: each process stream costs a few ms to set up, so one a command never asks about is never made.
    get stdoutIsTTY() {
      return stdout.isTTY();
    },
    get stderrIsTTY() {
      return stderr.isTTY();
    },
    get stdinIsTTY() {
      return process.stdin.isTTY === true;
    },
    get columns() {
      return terminalColumns(stdout.columns(), process.env);
    },
    // A reader that stops early (`svc … | head`) closes the pipe: output stops quietly, and a batch stops taking lines.
    get stdoutClosed() {
      if (!stdoutClosed) {
        stdoutClosed = new AbortController();
        if (stdout.isClosed()) stdoutClosed.abort();
      }
      return stdoutClosed.signal;
    },
    // readline, env-paths and undici load only for the commands that use them.
    stdin: async (maxBytes) => (await import('./terminal.js')).readAllStdin(maxBytes),
    stdinChunks: () => process.stdin,
    prompt: async (question, options) => (await import('./terminal.js')).promptLine(question, options?.hidden === true, stopSignal()),
  };
}

/** undici loads on the first request only, so help and usage errors never pay for it. */
function processTransports(): Pick<Context, 'send' | 'createTransport'> {
  let transport: Transport | undefined;
  return {
    send: async (request) => {
      transport ??= (await import('../client/undici-transport.js')).createUndiciTransport();
      return transport(request);
    },
    // A batch's pool: once loaded, each request goes straight to it, not through another promise.
    createTransport: ({ connections }) => {
      let pool: Transport | undefined;
      let loading: Promise<Transport> | undefined;
      const load = () => (loading ??= import('../client/undici-transport.js').then((module) => (pool = module.createUndiciTransport({ connections }))));
      return (request) => (pool ? pool(request) : load().then((loaded) => loaded(request)));
    },
  };
}

interface StopSignals {
  stop: AbortController;
  hurry: AbortController;
  /** A command asked for `hurry`: a second signal is for it, not an exit. */
  hurryHeard: boolean;
}

/**
 * The first stop signal (Ctrl-C, SIGTERM, SIGHUP) aborts `stop`, with an Interruption as the
 * reason, so every command ends the same orderly way. A second one aborts `hurry` when a command
 * asked for it (a draining batch abandons its calls in flight, yet records them); otherwise, and
 * at a third, svc exits at once.
 */
function abortOnStopSignals(exit: (code: number) => never): StopSignals {
  const signals: StopSignals = { stop: new AbortController(), hurry: new AbortController(), hurryHeard: false };
  for (const name of STOP_SIGNALS) {
    process.on(name, () => {
      if (!signals.stop.signal.aborted) return signals.stop.abort(new Interruption(name));
      if (signals.hurry.signal.aborted || !signals.hurryHeard) exit(exitCodeOfSignal(name));
      signals.hurry.abort(new Interruption(name));
    });
  }
  return signals;
}

/**
 * The top-level command words: bin/svc.cjs keeps a code cache per word (and one for no word), and
 * only for these, so a mistyped word never leaves a file behind.
 */
export const commandWords: readonly string[] = [...Object.keys(areas), ...Object.keys(builtins)];

/** The CLI entry: returns the exit code for bin/svc.cjs to set. */
export function main(argv: readonly string[]): Promise<number> {
  return run(argv, createProcessContext());
}

import type { Context, IO } from '../core/context.js';
import { createProcessContext } from '../core/process-context.js';
import type { StdinStream } from '../core/process-stdin.js';
import { openProcessOutput, terminalColumns } from './process-output.js';

/** The process context with the terminal's standard streams: what every run of the CLI receives. */
export const createCliContext = (): Context => createProcessContext(createProcessIO);

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
    get stderrColumns() {
      return terminalColumns(stderr.columns(), process.env);
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
    stdinChunks: () => lazyStdin(),
    prompt: async (question, options) => (await import('./terminal.js')).promptLine(question, options?.hidden === true, stopSignal()),
  };
}

/** Standard input as it arrives (src/core/process-stdin.ts, loaded when first read); `destroy()` ends a read that waits. */
function lazyStdin(): AsyncIterable<Uint8Array> & { destroy(): void } {
  let stream: StdinStream | undefined;
  let destroyed = false;
  return {
    async *[Symbol.asyncIterator]() {
      const { processStdin } = await import('../core/process-stdin.js');
      if (destroyed) return;
      stream = processStdin();
      yield* stream;
    },
    destroy() {
      destroyed = true;
      stream?.destroy();
    },
  };
}

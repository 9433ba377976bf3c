import type { Transport } from '../client/transport.js';
import type { ConfigStore } from '../config/store.js';
import type { Context } from './context.js';
import { openProcessOutput } from './process-output.js';
import { run } from './run.js';

/** Wires the real world into a Context once; everything below receives it. */
export function createProcessContext(): Context {
  let interrupt: AbortController | undefined;
  let transport: Transport | undefined;
  let store: Promise<ConfigStore> | undefined;
  const stdout = openProcessOutput(1, stdoutStream);
  const stderr = openProcessOutput(2, () => process.stderr);
  return {
    io: {
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
        return stdout.columns();
      },
      // readline, env-paths (below) and undici load only for the commands that use them.
      stdin: async () => (await import('./terminal.js')).readAllStdin(),
      stdinChunks: () => process.stdin,
      prompt: async (question, options) => (await import('./terminal.js')).promptLine(question, options?.hidden === true),
    },
    env: process.env,
    // undici loads on the first request only, so help and usage errors never pay for it.
    send: async (request) => {
      transport ??= (await import('../client/undici-transport.js')).createUndiciTransport();
      return transport(request);
    },
    createTransport: ({ connections }) => {
      let pool: Transport | undefined;
      return async (request) => {
        pool ??= (await import('../client/undici-transport.js')).createUndiciTransport({ connections });
        return pool(request);
      };
    },
    config: () => (store ??= import('../config/config-file.js').then((file) => file.openConfigStore(process.env))),
    // Made when a command first asks (a request, svc mock): until then Ctrl-C just ends the process
    // (exit 130), and help and usage errors skip loading AbortController (~1 ms).
    get signal() {
      return (interrupt ??= abortOnInterrupt()).signal;
    },
  };
}

/** The first Ctrl-C aborts what is in flight; a second one does not wait. */
function abortOnInterrupt(): AbortController {
  const controller = new AbortController();
  process.once('SIGINT', () => {
    controller.abort();
    process.once('SIGINT', () => process.exit(130));
  });
  return controller;
}

/** The CLI entry: returns the exit code for bin/svc.js to set. */
export function main(argv: readonly string[]): Promise<number> {
  return run(argv, createProcessContext());
}

let watchingStdout = false;

/**
 * process.stdout, for terminals and full pipes (process-output.ts). A reader that stops early
 * (`svc ops | head`) closes the pipe: stop quietly, as pipelines expect, instead of dying on EPIPE
 * with a stack trace.
 */
function stdoutStream(): NodeJS.WriteStream {
  if (!watchingStdout) {
    watchingStdout = true;
    process.stdout.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
      process.exit(0);
    });
  }
  return process.stdout;
}

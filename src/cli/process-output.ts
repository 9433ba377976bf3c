import { fstatSync, readlinkSync, writeSync } from 'node:fs';
import { SvcError, ExitCode } from '../errors.js';

/** Standard output or standard error, set up only as far as a command needs. */
export interface ProcessOutput {
  write(text: string): void;
  isTTY(): boolean;
  /** Terminal width, when it is a terminal. */
  columns(): number | undefined;
  /** Whether the reader went away (EPIPE): nothing more is written. */
  isClosed(): boolean;
}

export interface OutputSystem {
  writeSync(fd: number, data: Uint8Array): number;
  fstatSync(fd: number): { isFIFO(): boolean; isFile(): boolean; isCharacterDevice?(): boolean };
  /** Where a descriptor leads (Linux's /proc), to name it in an error. */
  describe?(fd: number): string | undefined;
}

export interface OutputHooks {
  /** Hears once that the reader went away. */
  onClosed?(): void;
  /** A failure the stream reported after the write returned: too late for the command to report it. */
  onLateFailure?(failure: SvcError): void;
}

const system: OutputSystem = { writeSync, fstatSync, describe: (fd) => readlinkSync(`/proc/self/fd/${fd}`) };

/**
 * Text for a pipe, a file or a device that is not a terminal (/dev/null, /dev/full) goes straight
 * to the descriptor with writeSync: process.stdout on a pipe costs ~3 ms to set up (net and stream
 * modules), a tenth of svc's start-up (README, Speed). A terminal gets the Node stream. If a
 * non-blocking pipe is full (EAGAIN), that text and all later text go through the stream, which
 * queues it, so order is kept. A reader that went away (EPIPE, as with `| head`) ends the output
 * quietly, on either path, and `onClosed` hears of it once (a batch then stops taking lines). Any
 * other failure on stdout (a full disk, /dev/full) is one line naming the output and the reason
 * (exit 6): thrown to the writer, or, reported later by the stream, handed to
 * `onLateFailure` (the process context prints it and exits). On stderr there is nowhere left to
 * say it, so the rest is dropped.
 */
export function openProcessOutput(fd: 1 | 2, stream: () => NodeJS.WriteStream, io: OutputSystem = system, hooks: OutputHooks = {}): ProcessOutput {
  const { onClosed, onLateFailure } = hooks;
  let direct: boolean | undefined;
  let closed = false;
  let queued: NodeJS.WriteStream | undefined;
  let watched: NodeJS.WriteStream | undefined;
  const isDirect = (): boolean => (direct ??= isPipeOrFile(io, fd) || (isDevice(io, fd) && stream().isTTY !== true));
  const close = () => {
    if (!closed) onClosed?.();
    closed = true;
  };
  // A stream reports a failure later, as an event; without a listener it would crash svc.
  const streamOf = (): NodeJS.WriteStream => {
    const made = stream();
    if (watched !== made && typeof made.on === 'function') {
      watched = made;
      made.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code === 'EPIPE' || error.code === 'EIO' || fd === 2 || !onLateFailure) return close();
        closed = true;
        onLateFailure(outputFailure(io, fd, error));
      });
    }
    return made;
  };
  return {
    write(text) {
      if (closed) return;
      if (queued || !isDirect()) return void (queued ?? streamOf()).write(text);
      let rest = Buffer.from(text);
      while (rest.length > 0) {
        try {
          rest = rest.subarray(io.writeSync(fd, rest));
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          if (code === 'EPIPE' || fd === 2) return close();
          if (code !== 'EAGAIN') {
            closed = true;
            throw outputFailure(io, fd, error);
          }
          queued = streamOf();
          return void queued.write(rest);
        }
      }
    },
    isTTY: () => !isDirect() && stream().isTTY === true,
    columns: () => (isDirect() ? undefined : stream().columns),
    isClosed: () => closed,
  };
}

/** "cannot write to standard output (/dev/full): no space left on device" */
export function outputFailure(io: Pick<OutputSystem, 'describe'>, fd: number, error: unknown): SvcError {
  const name = fd === 1 ? 'standard output' : `descriptor ${fd}`;
  let where: string | undefined;
  try {
    where = io.describe?.(fd);
  } catch {
    where = undefined;
  }
  const reason = ((error as Error).message ?? String(error)).replace(/^[A-Z0-9_]+: /, '').replace(/, write$/, '');
  return new SvcError(`cannot write to ${name}${where ? ` (${where})` : ''}: ${reason}`, ExitCode.output);
}

function isPipeOrFile(io: OutputSystem, fd: number): boolean {
  try {
    const stat = io.fstatSync(fd);
    return stat.isFIFO() || stat.isFile();
  } catch {
    return false;
  }
}

function isDevice(io: OutputSystem, fd: number): boolean {
  try {
    return io.fstatSync(fd).isCharacterDevice?.() === true;
  } catch {
    return false;
  }
}

/**
 * A terminal's width: what it reports, else `COLUMNS`, else 80. Some terminals (serial consoles,
 * some CI runners' pseudo-terminals) report 0 columns, which would cut every line to nothing.
 * Off a terminal (undefined), nothing is cut.
 */
export function terminalColumns(reported: number | undefined, env: Record<string, string | undefined>): number | undefined {
  if (reported === undefined) return undefined;
  if (reported > 0) return reported;
  const fromEnv = Number(env.COLUMNS);
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : 80;
}

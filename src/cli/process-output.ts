import { fstatSync, writeSync } from 'node:fs';

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
  fstatSync(fd: number): { isFIFO(): boolean; isFile(): boolean };
}

/**
 * Text for a pipe or a file goes straight to the descriptor with writeSync: process.stdout on a
 * pipe costs ~3 ms to set up (net and stream modules), a tenth of svc's start-up (README, Speed).
 * A terminal, or anything else, gets the Node stream. If a non-blocking pipe is full (EAGAIN),
 * that text and all later text go through the stream, which queues it, so order is kept. A reader
 * that went away (EPIPE, as with `| head`) ends the output quietly, on either path, and `onClosed`
 * hears of it once (a batch then stops taking lines).
 */
export function openProcessOutput(fd: 1 | 2, stream: () => NodeJS.WriteStream, system: OutputSystem = { writeSync, fstatSync }, onClosed?: () => void): ProcessOutput {
  let direct: boolean | undefined;
  let closed = false;
  let queued: NodeJS.WriteStream | undefined;
  let watched: NodeJS.WriteStream | undefined;
  const isDirect = (): boolean => (direct ??= isPipeOrFile(system, fd));
  const close = () => {
    if (!closed) onClosed?.();
    closed = true;
  };
  // A stream reports a gone reader later, as an event; without a listener it would crash svc.
  const streamOf = (): NodeJS.WriteStream => {
    const made = stream();
    if (watched !== made && typeof made.on === 'function') {
      watched = made;
      made.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code !== 'EPIPE' && error.code !== 'EIO') throw error;
        close();
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
          rest = rest.subarray(system.writeSync(fd, rest));
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          if (code === 'EPIPE') return close();
          if (code !== 'EAGAIN') throw error;
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

function isPipeOrFile(system: OutputSystem, fd: number): boolean {
  try {
    const stat = system.fstatSync(fd);
    return stat.isFIFO() || stat.isFile();
  } catch {
    return false;
  }
}

import { fstatSync, writeSync } from 'node:fs';

/** Standard output or standard error, set up only as far as a command needs. */
export interface ProcessOutput {
  write(text: string): void;
  isTTY(): boolean;
  /** Terminal width, when it is a terminal. */
  columns(): number | undefined;
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
 * that went away (EPIPE, as with `| head`) ends the output quietly.
 */
export function openProcessOutput(fd: 1 | 2, stream: () => NodeJS.WriteStream, system: OutputSystem = { writeSync, fstatSync }): ProcessOutput {
  let direct: boolean | undefined;
  let closed = false;
  let queued: NodeJS.WriteStream | undefined;
  const isDirect = (): boolean => (direct ??= isPipeOrFile(system, fd));
  return {
    write(text) {
      if (closed) return;
      if (queued || !isDirect()) return void (queued ?? stream()).write(text);
      let rest = Buffer.from(text);
      while (rest.length > 0) {
        try {
          rest = rest.subarray(system.writeSync(fd, rest));
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          if (code === 'EPIPE') return void (closed = true);
          if (code !== 'EAGAIN') throw error;
          queued = stream();
          return void queued.write(rest);
        }
      }
    },
    isTTY: () => !isDirect() && stream().isTTY === true,
    columns: () => (isDirect() ? undefined : stream().columns),
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

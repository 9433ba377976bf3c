import { createReadStream, fstatSync } from 'node:fs';
import { isatty } from 'node:tty';

/** Standard input as svc reads it: a stream of bytes that `destroy()` stops. */
export type StdinStream = NodeJS.ReadableStream & AsyncIterable<Buffer> & { destroy(): void };

let opened: StdinStream | undefined;

/**
 * Standard input, opened once per process. A regular file or a device that is not a terminal
 * (`< input.ndjson`, `< /dev/zero`) is read as a file is: 256 KiB at a time, each read a turn of
 * the event loop, so timers and stop signals are heard between reads, and nothing is read ahead of
 * what is taken. A pipe, a socket or a terminal is `process.stdin`. Node reads a file on standard
 * input this way already; the standalone binary's runtime (Bun) read it in a loop that let no
 * signal handler run (SIGTERM went unheard) and buffered it faster than svc took it.
 */
export function processStdin(): StdinStream {
  opened ??= readsAsFile() ? (createReadStream('', { fd: 0, autoClose: false, highWaterMark: 256 * 1024 }) as StdinStream) : (process.stdin as StdinStream);
  return opened;
}

function readsAsFile(): boolean {
  try {
    const info = fstatSync(0);
    return info.isFile() || (info.isCharacterDevice() && !isatty(0));
  } catch {
    return false; // no standard input at all: process.stdin says so in its own way
  }
}

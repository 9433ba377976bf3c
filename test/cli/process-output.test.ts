import { EventEmitter } from 'node:events';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openProcessOutput, type OutputSystem, terminalColumns } from '../../src/cli/process-output.js';
import { tempFolder } from '../support/temp-folder.js';

/** A stand-in for process.stdout that records what it was given, and whether it was ever made. */
function fakeStream(isTTY = false) {
  const written: string[] = [];
  let made = false;
  const stream = { isTTY, columns: isTTY ? 120 : undefined, write: (chunk: string | Uint8Array) => written.push(Buffer.from(chunk).toString()) };
  return { open: () => ((made = true), stream as unknown as NodeJS.WriteStream), written, made: () => made };
}

/** A pipe that takes `accepts` bytes per write, then fails with `failure` once `capacity` is used up. */
function fakePipe(options: { capacity?: number; accepts?: number; failure?: string } = {}) {
  let received = '';
  const system: OutputSystem = {
    fstatSync: () => ({ isFIFO: () => true, isFile: () => false }),
    writeSync(_fd, data) {
      if (options.capacity !== undefined && received.length >= options.capacity) throw Object.assign(new Error(options.failure), { code: options.failure });
      const taken = Math.min(data.length, options.accepts ?? data.length);
      received += Buffer.from(data.subarray(0, taken)).toString();
      return taken;
    },
  };
  return { system, received: () => received };
}

describe('standard output for pipes and files', () => {
  it('writes a file straight to its descriptor, never making the Node stream', () => {
    const path = join(tempFolder('svc-out-'), 'out.txt');
    const fd = openSync(path, 'w');
    const stream = fakeStream();
    const out = openProcessOutput(fd as 1, stream.open);
    out.write('{ "ok": true }\n');
    out.write('ünïcode ✓\n');
    closeSync(fd);
    expect(readFileSync(path, 'utf8')).toBe('{ "ok": true }\nünïcode ✓\n');
    expect(out.isTTY()).toBe(false);
    expect(stream.made()).toBe(false);
  });

  it('finishes partial writes in order', () => {
    const pipe = fakePipe({ accepts: 3 });
    const out = openProcessOutput(1, fakeStream().open, pipe.system);
    out.write('abcdefgh');
    out.write('ij');
    expect(pipe.received()).toBe('abcdefghij');
  });

  it('hands the rest to the Node stream when a non-blocking pipe is full, and keeps the order', () => {
    const pipe = fakePipe({ capacity: 4, accepts: 4, failure: 'EAGAIN' });
    const stream = fakeStream();
    const out = openProcessOutput(1, stream.open, pipe.system);
    out.write('abcdef');
    out.write('gh');
    expect(pipe.received()).toBe('abcd');
    expect(stream.written.join('')).toBe('efgh');
  });

  it('stops quietly when the reader has gone (svc … | head)', () => {
    const pipe = fakePipe({ capacity: 2, failure: 'EPIPE' });
    const out = openProcessOutput(1, fakeStream().open, pipe.system);
    out.write('ab');
    expect(() => out.write('cd')).not.toThrow();
    expect(() => out.write('ef')).not.toThrow();
    expect(pipe.received()).toBe('ab');
  });

  it('uses the Node stream for a terminal', () => {
    const system: OutputSystem = {
      fstatSync: () => ({ isFIFO: () => false, isFile: () => false }),
      writeSync: () => {
        throw new Error('not for terminals');
      },
    };
    const stream = fakeStream(true);
    const out = openProcessOutput(1, stream.open, system);
    out.write('hello\n');
    expect(stream.written).toEqual(['hello\n']);
    expect(out.isTTY()).toBe(true);
    expect(out.columns()).toBe(120);
  });
});

describe('terminal width', () => {
  it.each([
    [120, {}, 120],
    [0, { COLUMNS: '100' }, 100],
    [0, {}, 80],
    [0, { COLUMNS: '0' }, 80],
    [0, { COLUMNS: 'wide' }, 80],
    [undefined, { COLUMNS: '100' }, undefined],
  ])('reported %s with %j gives %s', (reported, env, expected) => {
    expect(terminalColumns(reported, env as Record<string, string>)).toBe(expected);
  });
});

describe('a failure the stream reports late', () => {
  // A terminal's stream reports a write failure as an event, after the command has moved on.
  function terminalStream() {
    const emitter = new EventEmitter();
    const stream = Object.assign(emitter, { isTTY: true, columns: 80, write: () => true });
    const system: OutputSystem = {
      fstatSync: () => ({ isFIFO: () => false, isFile: () => false, isCharacterDevice: () => true }),
      writeSync: () => 0,
      describe: () => '/dev/pts/1',
    };
    return {
      stream: stream as unknown as NodeJS.WriteStream,
      system,
      emit: (code: string) => emitter.emit('error', Object.assign(new Error(`${code}: it failed, write`), { code })),
    };
  }

  it('is handed to the process context as one line and the output code, not an exit of its own', () => {
    const terminal = terminalStream();
    const failures: { message: string; exitCode: number }[] = [];
    const out = openProcessOutput(1, () => terminal.stream, terminal.system, {
      onLateFailure: (failure) => void failures.push({ message: failure.message, exitCode: failure.exitCode }),
    });
    out.write('text\n');
    terminal.emit('EIO_NOT');
    expect(failures).toEqual([{ message: 'cannot write to standard output (/dev/pts/1): it failed', exitCode: 6 }]);
    out.write('more\n');
    expect(out.isClosed()).toBe(true);
  });

  it('a reader gone away (EPIPE) closes the output quietly', () => {
    const terminal = terminalStream();
    const failures: unknown[] = [];
    let closed = 0;
    const out = openProcessOutput(1, () => terminal.stream, terminal.system, {
      onClosed: () => closed++,
      onLateFailure: (failure) => void failures.push(failure),
    });
    out.write('text\n');
    terminal.emit('EPIPE');
    expect({ failures, closed, isClosed: out.isClosed() }).toEqual({ failures: [], closed: 1, isClosed: true });
  });
});

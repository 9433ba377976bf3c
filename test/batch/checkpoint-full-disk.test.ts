import * as fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { run } from '../../src/cli/run.js';
import { createUndiciTransport } from '../../src/client/undici-transport.js';
import { createFakeContext } from '../support/fake-context.js';
import { type ScriptedServer, startScriptedServer } from '../support/scripted-server.js';
import { tempFolder } from '../support/temp-folder.js';

// A full disk never sends a line twice: a line's request leaves only once its "started" entry is
// whole on disk, and a write that fails or is cut short stops the batch before anything more is sent.
// Two ways to fill the disk: a real tmpfs of 64 KiB (where the machine lets the test mount one) and
// the operating system's write and fdatasync made to fail, as a full disk or a dying one fails them.

/** The fault armed for the checkpoint's file descriptor; every other file is written as usual. */
interface Fault {
  /** The checkpoint file's name; the fault reaches only descriptors opened on it. */
  file: string;
  /** Bytes the checkpoint may still take; then a write is cut short (the part that fits is written) or fails with `code`. */
  roomBytes: number;
  code: 'ENOSPC' | 'EIO' | 'EDQUOT';
  /** Write the part that fits first, as a file system does when a write crosses into a block it cannot allocate. */
  short: boolean;
  /** Fail fdatasync instead of the write (an I/O error found at flush time). */
  onSync?: boolean;
}

const injected = vi.hoisted(() => ({
  fault: undefined as Fault | undefined,
  fds: new Map<number, string>(),
  /** The checkpoint's text up to its last successful fdatasync: what is known to be on disk. */
  durable: '',
}));

vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>();
  const failure = (code: string, call: string) =>
    Object.assign(new Error(`${code}: ${code === 'EIO' ? 'i/o error' : code === 'EDQUOT' ? 'disk quota exceeded' : 'no space left on device'}, ${call}`), {
      code,
      errno: -1,
      syscall: call,
    });
  const openSync = ((path: fs.PathLike, ...rest: unknown[]) => {
    const fd = (real.openSync as (...args: unknown[]) => number)(path, ...rest);
    if (injected.fault && String(path).endsWith(injected.fault.file)) injected.fds.set(fd, String(path));
    return fd;
  }) as typeof real.openSync;
  const closeSync = ((fd: number) => {
    injected.fds.delete(fd);
    real.closeSync(fd);
  }) as typeof real.closeSync;
  const writeSync = ((fd: number, data: string | NodeJS.ArrayBufferView, ...rest: unknown[]) => {
    const fault = injected.fault;
    if (!fault || fault.onSync || !injected.fds.has(fd)) return (real.writeSync as (...args: unknown[]) => number)(fd, data, ...rest);
    // The journal writes a buffer, from an offset and for a length: the bytes it asks to write.
    const whole = typeof data === 'string' ? Buffer.from(data) : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    const [offset = 0, length = whole.length - (offset as number)] = rest as [number?, number?];
    const bytes = whole.subarray(offset, offset + length);
    if (bytes.length <= fault.roomBytes) {
      fault.roomBytes -= bytes.length;
      return real.writeSync(fd, bytes);
    }
    if (fault.short && fault.roomBytes > 0) {
      const written = real.writeSync(fd, bytes.subarray(0, fault.roomBytes));
      fault.roomBytes = 0;
      return written;
    }
    throw failure(fault.code, 'write');
  }) as typeof real.writeSync;
  const fdatasync = ((fd: number, callback: (error: NodeJS.ErrnoException | null) => void) => {
    const fault = injected.fault;
    const path = injected.fds.get(fd);
    if (fault === undefined || path === undefined) return void real.fdatasync(fd, callback);
    if (fault.onSync) {
      const full = fault.roomBytes <= 0;
      fault.roomBytes -= 1; // one sync more before it fails
      if (full) return void setImmediate(() => callback(failure(fault.code, 'fdatasync')));
    }
    const covered = real.readFileSync(path, 'utf8');
    real.fdatasync(fd, (error) => {
      if (!error && covered.length > injected.durable.length) injected.durable = covered;
      callback(error);
    });
  }) as typeof real.fdatasync;
  const patched = { ...real, openSync, closeSync, writeSync, fdatasync };
  return { ...patched, default: patched };
});

const LINES = 400;
let server: ScriptedServer;
let input: string;
beforeAll(async () => {
  server = await startScriptedServer();
  server.script('/v1/crm/objects/deals/entries', { status: 201, body: { entryId: 'ent_1' } });
  input = join(tempFolder('svc-full-disk-'), 'deals.ndjson');
  fs.writeFileSync(input, Array.from({ length: LINES }, (_, i) => JSON.stringify({ data: { name: `deal ${i + 1}` } })).join('\n') + '\n');
});
afterAll(() => server.close());
afterEach(() => {
  injected.fault = undefined;
  injected.fds.clear();
  injected.durable = '';
  server.received.length = 0;
});

/**
 * Runs the batch in-process, its requests sent over HTTP to the scripted server on 127.0.0.1. With
 * a fault armed, each request is checked as it leaves: its line's "started" entry must be in what
 * the last successful fdatasync covered (`sentBeforeDurable` lists the lines for which it was not).
 */
async function runBatch(checkpoint: string) {
  const fake = createFakeContext({ env: { SERVICE_BASE_URL: server.url } });
  const sentBeforeDurable: number[] = [];
  const watched = injected.fault !== undefined;
  fake.ctx.createTransport = (options) => {
    const send = createUndiciTransport(options);
    return (request) => {
      const line = Number(/deal (\d+)/.exec(request.body ?? '')![1]);
      if (watched && !injected.durable.includes(`\n{"line":${line},"started":true}\n`)) sentBeforeDurable.push(line);
      return send(request);
    };
  };
  const code = await run(['crm', 'entries', 'create', 'deals', '--input', input, '--checkpoint', checkpoint, '--concurrency', '8'], fake.ctx);
  return { code, out: fake.out(), err: fake.err(), sentBeforeDurable };
}

/** How many requests the server received for each input line. */
function requestsPerLine(): Map<number, number> {
  const counts = new Map<number, number>();
  for (const request of server.received) {
    const line = Number(/deal (\d+)/.exec(request.body)![1]);
    counts.set(line, (counts.get(line) ?? 0) + 1);
  }
  return counts;
}

/** The lines the journal on disk holds a whole "started" entry for. */
function startedOnDisk(checkpoint: string): Set<number> {
  const lines = new Set<number>();
  for (const entry of fs.readFileSync(checkpoint, 'utf8').split('\n')) {
    const parsed = /^\{"line":(\d+),"started":true\}$/.exec(entry);
    if (parsed) lines.add(Number(parsed[1]));
  }
  return lines;
}

/** What must hold after a run that filled its disk: stopped with exit 8, one line naming the checkpoint and the cause, nothing sent that is not started on disk. */
function expectStoppedByTheDisk(result: { code: number; err: string }, checkpoint: string, cause: RegExp): Map<number, number> {
  expect(result.code).toBe(8);
  const lines = result.err.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain(`--checkpoint ${checkpoint}`);
  expect(lines[0]).toMatch(cause);
  expect(lines[0]).not.toMatch(/unexpected|at .*\.ts:\d+/);
  const sent = requestsPerLine();
  expect(sent.size).toBeGreaterThan(0);
  expect(sent.size).toBeLessThan(LINES);
  expect([...sent.values()].every((count) => count === 1)).toBe(true);
  const started = startedOnDisk(checkpoint);
  expect([...sent.keys()].filter((line) => !started.has(line))).toEqual([]);
  // Nothing torn is left behind: every entry on disk is whole.
  const text = fs.readFileSync(checkpoint, 'utf8');
  expect(text.endsWith('\n')).toBe(true);
  for (const entry of text.trimEnd().split('\n')) expect(() => JSON.parse(entry)).not.toThrow();
  return sent;
}

/** Resumes once the disk has room again: no line is sent a second time, and every line is sent once or reported uncertain. */
async function expectResumeSendsNothingTwice(checkpoint: string, first: Map<number, number>) {
  server.received.length = 0;
  const resumed = await runBatch(checkpoint);
  const again = requestsPerLine();
  expect([...again.keys()].filter((line) => first.has(line))).toEqual([]);
  expect([...again.values()].every((count) => count === 1)).toBe(true);
  const records = resumed.out
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { line: number; ok: boolean; uncertain?: boolean });
  expect(records).toHaveLength(LINES);
  for (const record of records) expect(first.has(record.line) || again.has(record.line) || record.uncertain === true).toBe(true);
  expect(resumed.code).toBe(records.every((r) => r.ok) ? 0 : 1);
}

describe('--checkpoint on a disk that fills up (the write made to fail)', () => {
  const cases: { name: string; fault: Omit<Fault, 'file'>; cause: RegExp }[] = [
    { name: 'a write cut short, then ENOSPC', fault: { roomBytes: 3000, code: 'ENOSPC', short: true }, cause: /no space left on device|short write/ },
    { name: 'ENOSPC', fault: { roomBytes: 3000, code: 'ENOSPC', short: false }, cause: /no space left on device \(ENOSPC\)/ },
    { name: 'EDQUOT', fault: { roomBytes: 5000, code: 'EDQUOT', short: false }, cause: /disk quota exceeded \(EDQUOT\)/ },
    { name: 'EIO', fault: { roomBytes: 2000, code: 'EIO', short: true }, cause: /i\/o error|short write/i },
    { name: 'fdatasync failing with EIO', fault: { roomBytes: 20, code: 'EIO', short: false, onSync: true }, cause: /i\/o error \(EIO\)/i },
  ];
  for (const { name, fault, cause } of cases) {
    it(`${name}: no line is sent before its "started" entry is on disk, the run stops with exit 8 naming the checkpoint and the cause, and a resume sends nothing twice`, async () => {
      const checkpoint = join(tempFolder('svc-full-disk-'), `${name.replace(/\W+/g, '-')}.ckpt`);
      injected.fault = { file: checkpoint, ...fault };
      const result = await runBatch(checkpoint);
      injected.fault = undefined;
      const first = expectStoppedByTheDisk(result, checkpoint, cause);
      expect(result.sentBeforeDurable).toEqual([]);
      await expectResumeSendsNothingTwice(checkpoint, first);
    });
  }
});

describe('--checkpoint on a disk already full', () => {
  it('a header that cannot be written is bad input: exit 2, one line naming the checkpoint and the cause, nothing sent', async () => {
    const checkpoint = join(tempFolder('svc-full-disk-'), 'full.ckpt');
    injected.fault = { file: checkpoint, roomBytes: 10, code: 'ENOSPC', short: true };
    const result = await runBatch(checkpoint);
    expect(result.code).toBe(2);
    expect(result.err).toBe(`svc: --checkpoint ${checkpoint}: cannot write it: no space left on device (ENOSPC)\n`);
    expect(server.received).toEqual([]);
    expect(fs.readFileSync(checkpoint, 'utf8')).toBe('');
  });
});

/** Mounts a tmpfs of `size` on a fresh folder, or says why it cannot. */
function mountTmpfs(size: string): { folder: string } | { refused: string } {
  const folder = tempFolder('svc-tmpfs-');
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', folder], { stdio: 'pipe' });
    return { folder };
  } catch (error) {
    const why = String((error as { stderr?: Buffer }).stderr ?? (error as Error).message)
      .trim()
      .split('\n')[0];
    return { refused: `mount -t tmpfs -o size=${size} was refused (${why || 'not permitted'})` };
  }
}

describe('--checkpoint on a real tmpfs of 64 KiB that fills up', () => {
  let mounted: { folder: string } | { refused: string };
  beforeAll(() => {
    mounted = mountTmpfs('64k');
  });
  afterAll(() => {
    if ('folder' in mounted) execFileSync('umount', [mounted.folder]);
  });

  it('sends each line at most once across the full run and its resume once the file system is grown', async (ctx) => {
    if ('refused' in mounted) return ctx.skip(mounted.refused);
    const { folder } = mounted;
    // Leave the journal about 20 KiB: the header and some 100 lines fit, not 400.
    fs.writeFileSync(join(folder, 'filler'), Buffer.alloc(44 * 1024));
    const checkpoint = join(folder, 'deals.ckpt');
    const result = await runBatch(checkpoint);
    const first = expectStoppedByTheDisk(result, checkpoint, /no space left on device|short write/);
    execFileSync('mount', ['-o', 'remount,size=1m', folder]);
    await expectResumeSendsNothingTwice(checkpoint, first);
  });
});

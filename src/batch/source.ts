import { open } from 'node:fs/promises';
import { extname } from 'node:path';
import { InputError, SvcError } from '../errors.js';
import { interruptionOf } from '../interruption.js';
import { describeFsError } from '../input/user-file.js';
import type { FileIdentity } from '../output/output-file.js';
import { type CsvRecord, parseCsvRecords } from './csv.js';
import { mapLines, splitLines, type SourceLine } from './lines.js';

export type InputFormat = 'csv' | 'ndjson';

/** What `--input` names, opened: nothing is read past the CSV header until `records` is iterated. */
export interface BatchSource {
  /** The file as the user named it, or "standard input". */
  name: string;
  format: InputFormat;
  /** Bytes in a regular file, for the progress bar; undefined for a pipe or standard input. */
  size?: number;
  /** The file read, by device and inode, so no output can be it (standard input: see standardStreamFiles). */
  identity?: FileIdentity;
  /** The CSV header row. */
  header?: CsvRecord;
  /** One per non-blank NDJSON line or CSV row after the header; blank lines are skipped but keep their numbers. */
  records: AsyncIterable<SourceRecord>;
  /** Stops reading (Ctrl-C while waiting for standard input). */
  close(): void;
}

/** One input line (NDJSON) or row (CSV), numbered by the file line it starts on. */
export interface SourceRecord {
  line: number;
  /** Exactly as read, line break included (empty for a line too long to keep). */
  raw: string;
  endOffset: number;
  /** CSV only. */
  cells?: string[];
  /** Why it cannot be read at all: too long, or a broken CSV row. */
  problem?: string;
}

export interface OpenOptions {
  format?: InputFormat;
  stdin: () => AsyncIterable<Uint8Array>;
  /** Opens the named file (the context's door: `ctx.files.openInput`); the disk when absent. */
  openFile?: (path: string) => Promise<OpenedInput>;
  /** A stop signal: it ends the reading of a CSV header (a first line that never ends), refused with the signal's exit code. */
  signal?: AbortSignal;
}

/** An input file opened to be read as it arrives. */
export interface OpenedInput {
  chunks: AsyncIterable<Uint8Array>;
  /** Bytes in a regular file; undefined for a pipe or a device. */
  size: number | undefined;
  identity: FileIdentity | undefined;
  close(): void;
}

/** Opens `--input <file | ->`, checks it can be read, and reads a CSV header. */
export async function openBatchSource(path: string, options: OpenOptions): Promise<BatchSource> {
  const format = options.format ?? formatOf(path);
  const opened = path === '-' ? openStdin(options.stdin()) : await (options.openFile ?? openInputFile)(path);
  const name = path === '-' ? 'standard input' : path;
  if (format === 'ndjson')
    return { name, format, size: opened.size, identity: opened.identity, records: mapLines(opened.chunks, ndjsonRecord), close: opened.close };
  const rows = parseCsvRecords(splitLines(opened.chunks))[Symbol.asyncIterator]();
  const { signal } = options;
  const stop = () => opened.close(); // a header that never ends, or never comes, stops being read
  signal?.addEventListener('abort', stop, { once: true });
  try {
    const first = await rows.next();
    if (signal?.aborted) throw headerInterrupted(signal, name);
    if (first.done) throw new InputError(`${name} has no header row: the first row of a CSV input names its columns`);
    if (first.value.problem) throw new InputError(`${name} line ${first.value.line}: the header row cannot be read: ${first.value.problem}`);
    const records = { [Symbol.asyncIterator]: () => rows };
    return { name, format, size: opened.size, identity: opened.identity, header: first.value, records, close: opened.close };
  } catch (error) {
    opened.close(); // a refused input is closed now, not left to the garbage collector
    throw signal?.aborted ? headerInterrupted(signal, name) : error;
  } finally {
    signal?.removeEventListener('abort', stop);
  }
}

function headerInterrupted(signal: AbortSignal, name: string): SvcError {
  const interruption = interruptionOf(signal);
  return new SvcError(`${interruption.words} while reading the header row of ${name}: no line was started`, interruption.exitCode);
}

/** `.csv` is CSV; `.ndjson`, `.jsonl` and standard input are NDJSON; anything else must say. */
export function formatOf(path: string): InputFormat {
  if (path === '-') return 'ndjson';
  const extension = extname(path).toLowerCase();
  if (extension === '.csv') return 'csv';
  if (extension === '.ndjson' || extension === '.jsonl') return 'ndjson';
  throw new InputError(`cannot tell the format of ${path} from its name: use a .csv, .ndjson or .jsonl file, or pass --input-format csv|ndjson`);
}

const tooLongProblem = 'the line is longer than 1 MiB, so it was not kept (nor copied to a rejects file)';

/** A line as an NDJSON record; none for a blank line. */
function ndjsonRecord(line: SourceLine): SourceRecord | undefined {
  if (line.tooLong) return { line: line.number, raw: '', endOffset: line.endOffset, problem: tooLongProblem };
  if (line.invalid) return { line: line.number, raw: '', endOffset: line.endOffset, problem: line.invalid };
  if (/\S/.test(line.text)) return { line: line.number, raw: line.text + line.eol, endOffset: line.endOffset };
  return undefined;
}

// Standard input is a stream in svc (process.stdin); destroying it ends a read that waits forever.
function openStdin(chunks: AsyncIterable<Uint8Array>): OpenedInput {
  return { chunks, size: undefined, identity: undefined, close: () => (chunks as { destroy?(): void }).destroy?.() };
}

/** `--input <file>` from the disk: refused (InputError) when it cannot be read or is a directory. */
export async function openInputFile(path: string): Promise<OpenedInput> {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    throw new InputError(`cannot read ${path}: ${describeFsError(error)}`);
  }
  const info = await handle.stat().catch(async (error: unknown) => {
    await handle.close();
    throw new InputError(`cannot read ${path}: ${describeFsError(error)}`);
  });
  if (info.isDirectory()) {
    await handle.close();
    throw new InputError(`cannot read ${path}: it is a directory`);
  }
  const stream = handle.createReadStream({ highWaterMark: 256 * 1024 });
  const identity = { dev: info.dev, ino: info.ino, role: 'the input file' };
  return { chunks: stream, size: info.isFile() ? info.size : undefined, identity, close: () => stream.destroy() };
}

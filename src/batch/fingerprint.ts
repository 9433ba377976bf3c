import { createHash } from 'node:crypto';
import { describeFsError } from '../input/user-file.js';
import { type CommandItem, type CommandParts, describeCommand, firstDifference } from './command-line.js';
import { InputError, SvcError } from '../errors.js';
import { interruptionOf } from '../interruption.js';
import { type OpenedInput, openInputFile } from './source.js';

/**
 * What a checkpoint belongs to: the input's bytes, the operation, and what the command line adds to
 * every line: hashed whole (`args`, what decides) and item by item (`command`, what a refusal names,
 * redacted of known secrets and without the values of secret-named fields). The checkpoint file
 * never holds the token, which is not part of it.
 */
export interface Fingerprint {
  operation: string;
  input: { bytes: number; sha256: string };
  /** sha256 of the arguments, flags, --body, --query, input format and service URL. */
  args: string;
  /** `k/n` for a shard, else null. */
  shard: string | null;
  /** The same, item by item (src/batch/command-line.ts): what a refusal names. Absent from older checkpoints. */
  command: CommandItem[];
}

/** Arguments, query parameters, --body, --input-format, --query (applied to each result) and the service URL. */
export type RunArgs = CommandParts;

/**
 * Hashes the input file, streaming: a large input is read once more before anything is sent.
 * `openFile` is the context's door to it (the disk when absent); `redact` removes the run's known
 * secrets from the values the checkpoint keeps to name a difference. A stop signal (`signal`) ends
 * the reading, however long the input, with the signal's exit code: nothing was sent yet.
 */
export async function fingerprintRun(
  operation: string,
  inputPath: string,
  args: RunArgs,
  shard: string | null,
  openFile: (path: string) => Promise<OpenedInput> = openInputFile,
  redact?: (text: string) => string,
  signal?: AbortSignal,
): Promise<Fingerprint> {
  const hash = createHash('sha256');
  let bytes = 0;
  const input = await openFile(inputPath);
  const stop = () => input.close(); // a read that waits (a pipe) ends too
  signal?.addEventListener('abort', stop, { once: true });
  try {
    for await (const chunk of input.chunks) {
      if (signal?.aborted) break;
      hash.update(chunk);
      bytes += chunk.length;
    }
  } catch (error) {
    if (!signal?.aborted) throw new InputError(`cannot read ${inputPath}: ${describeFsError(error)}`);
  } finally {
    signal?.removeEventListener('abort', stop);
    input.close();
  }
  if (signal?.aborted) {
    const interruption = interruptionOf(signal);
    throw new SvcError(`${interruption.words} while reading ${inputPath} for --checkpoint: no line was started`, interruption.exitCode);
  }
  return { operation, input: { bytes, sha256: hash.digest('hex') }, args: sha256(JSON.stringify(args)), shard, command: describeCommand(args, redact) };
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** Why a checkpoint's header does not match this run, in words; undefined when it does. */
export function fingerprintMismatch(header: Record<string, unknown>, run: Fingerprint): string | undefined {
  if (header.version !== 1) return `it is from another version of the checkpoint format (${String(header.version)})`;
  if (header.operation !== run.operation) return `it is for the operation ${String(header.operation)}, not ${run.operation}`;
  const input = header.input as Partial<Fingerprint['input']> | undefined;
  if (input?.sha256 !== run.input.sha256) {
    return `the input differs (${input?.bytes ?? '?'} bytes, sha256 ${String(input?.sha256).slice(0, 12)}… then; ${run.input.bytes} bytes, ${run.input.sha256.slice(0, 12)}… now)`;
  }
  if (header.shard !== run.shard)
    return `it is for ${header.shard === null ? 'the whole input' : `--shard ${String(header.shard)}`}, not ${run.shard === null ? 'the whole input' : `--shard ${run.shard}`}`;
  if (header.args !== run.args)
    return `the command line differs: ${firstDifference(header.command, run.command) ?? 'its arguments, flags, --body, --query, --input-format or the service URL'}`;
  return undefined;
}

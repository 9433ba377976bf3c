import { lstatSync, realpathSync } from 'node:fs';
import { extname } from 'node:path';
import { NUMERIC_OPTIONS, parseNumericOption } from '../config/numeric-options.js';
import { InputError } from '../errors.js';
import { parseRate, type Rate } from '../config/rate.js';
import { parseShard, type Shard } from './shard.js';
import type { InputFormat } from './source.js';

/** The batch flags every generated operation has, read and checked. */
export interface BatchOptions {
  input: string;
  format?: InputFormat;
  concurrency: number;
  ordered: boolean;
  rejects?: string;
  /** `--checkpoint <file>`: the journal that lets a killed run resume (src/batch/checkpoint.ts). */
  checkpoint?: string;
  /** `--resend-uncertain`: on resume, send again the lines a killed run may have applied. */
  resendUncertain: boolean;
  /** `--shard k/n`: only this part of the input. */
  shard?: Shard;
  /** `--rate`: requests started per second at most (the profile's `rate` when absent). */
  rate?: Rate;
}

export const DEFAULT_CONCURRENCY = 8;
export const MAX_CONCURRENCY = NUMERIC_OPTIONS.concurrency.max;

/**
 * Outcomes held back for input order, per call slot: enough that one slow line rarely stalls the
 * others, small enough that memory stays flat whatever the input size.
 */
export const windowFor = (concurrency: number): number => Math.max(64, concurrency * 16);

export function readBatchOptions(flags: Record<string, unknown>, globals: { output?: string; dryRun?: boolean }): BatchOptions {
  // Records are one JSON object per line whatever the result; a table or YAML would break that.
  if (globals.output !== undefined && globals.output !== 'json' && globals.output !== 'ndjson') {
    throw new InputError(`--output ${globals.output} does not apply to --input: batch mode writes one JSON record per line (ndjson)`);
  }
  const input = flags.input as string;
  if (input === '') throw new InputError('--input: expected a file name, or - for standard input');
  const options: BatchOptions = {
    input,
    concurrency: readConcurrency(flags.concurrency),
    ordered: flags.unordered !== true,
    resendUncertain: flags.resendUncertain === true,
  };
  // commander has already refused any other --input-format.
  if (flags.inputFormat !== undefined) options.format = flags.inputFormat as InputFormat;
  const rejects = flags.rejects as string | undefined;
  if (rejects !== undefined) {
    if (rejects === '' || rejects === '-') throw new InputError('--rejects: expected a file name (standard output holds the records)');
    options.rejects = rejects;
  }
  if (flags.shard !== undefined) options.shard = parseShard(String(flags.shard));
  if (flags.rate !== undefined) options.rate = parseRate(flags.rate, '--rate');
  readCheckpointFlags(flags, globals, options);
  return options;
}

function readConcurrency(value: unknown): number {
  return value === undefined ? DEFAULT_CONCURRENCY : parseNumericOption(value, NUMERIC_OPTIONS.concurrency);
}

/** A checkpoint needs an input that can be read again, and something to journal. */
function readCheckpointFlags(flags: Record<string, unknown>, globals: { dryRun?: boolean }, options: BatchOptions): void {
  const checkpoint = flags.checkpoint as string | undefined;
  if (checkpoint === undefined) {
    if (options.resendUncertain) throw new InputError('--resend-uncertain needs --checkpoint <file>: only a checkpoint knows which lines are uncertain');
    return;
  }
  if (checkpoint === '' || checkpoint === '-') throw new InputError('--checkpoint: expected a file name');
  if (options.input === '-') throw new InputError('--checkpoint needs --input <file>: standard input cannot be read again to resume');
  if (globals.dryRun) throw new InputError('--checkpoint does not apply to --dry-run: nothing is sent, so there is nothing to resume');
  if (checkpoint === options.rejects) throw new InputError('--checkpoint and --rejects name the same file; name two files');
  if (options.rejects !== undefined && checkpoint === uncertainPathOf(options.rejects))
    throw new InputError(`--checkpoint ${checkpoint} is where --rejects puts the lines that may have been applied; name another file`);
  options.checkpoint = checkpoint;
}

/**
 * Where `--rejects` puts the failed lines that may have been applied, to be checked before they are
 * sent again: beside it, `.uncertain` before its extension (`failed.csv`: `failed.uncertain.csv`),
 * so the file is an input of the same format.
 */
export function uncertainPathOf(rejects: string): string {
  const extension = extname(rejects);
  return `${rejects.slice(0, rejects.length - extension.length)}.uncertain${extension}`;
}

/**
 * uncertainPathOf, beside the file `rejects` leads to: a link (`/dev/fd/3`, `/dev/stderr`, one of
 * the user's into another folder) has it beside its target, where its lock is too, since nothing
 * can be made in /dev/fd. Any other path, or one that does not lead to a file yet, as given.
 */
export function uncertainPathBeside(rejects: string): string {
  try {
    if (lstatSync(rejects).isSymbolicLink()) return uncertainPathOf(realpathSync(rejects));
  } catch {
    // not there yet, or a link to nothing: the file is made at the path given
  }
  return uncertainPathOf(rejects);
}

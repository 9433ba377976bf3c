import { NUMERIC_OPTIONS, parseNumericOption } from '../config/numeric-options.js';
import { usageError } from '../errors.js';
import type { InputFormat } from './source.js';

/** The batch flags every generated operation has, read and checked. */
export interface BatchOptions {
  input: string;
  format?: InputFormat;
  concurrency: number;
  ordered: boolean;
  rejects?: string;
}

export const DEFAULT_CONCURRENCY = 8;
export const MAX_CONCURRENCY = NUMERIC_OPTIONS.concurrency.max;

/**
 * Outcomes held back for input order, per call slot: enough that one slow line rarely stalls the
 * others, small enough that memory stays flat whatever the input size.
 */
export const windowFor = (concurrency: number): number => Math.max(64, concurrency * 16);

export function readBatchOptions(flags: Record<string, unknown>, globals: { output?: string }): BatchOptions {
  // Records are one JSON object per line whatever the result; a table or YAML would break that.
  if (globals.output !== undefined && globals.output !== 'json' && globals.output !== 'ndjson') {
    throw usageError(`--output ${globals.output} does not apply to --input: batch mode writes one JSON record per line (ndjson)`);
  }
  const input = flags.input as string;
  if (input === '') throw usageError('--input: expected a file name, or - for standard input');
  const options: BatchOptions = { input, concurrency: readConcurrency(flags.concurrency), ordered: flags.unordered !== true };
  // commander has already refused any other --input-format.
  if (flags.inputFormat !== undefined) options.format = flags.inputFormat as InputFormat;
  const rejects = flags.rejects as string | undefined;
  if (rejects !== undefined) {
    if (rejects === '' || rejects === '-') throw usageError('--rejects: expected a file name (standard output holds the records)');
    options.rejects = rejects;
  }
  if (input === '-' && flags.body === '-') throw usageError('--input - and --body - cannot both read standard input');
  return options;
}

function readConcurrency(value: unknown): number {
  return value === undefined ? DEFAULT_CONCURRENCY : parseNumericOption(value, NUMERIC_OPTIONS.concurrency);
}

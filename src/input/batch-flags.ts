/** One flag of batch mode, as every operation command has it. */
export interface BatchFlag {
  /** Long name without dashes: `input-format`. */
  name: string;
  /** Where commander keeps its value: `inputFormat`. */
  key: string;
  /** Its value as help shows it (`<file|->`); absent for a switch. */
  value?: string;
  /** The value's type in words, as help and `svc ops` show it. */
  type: 'file' | 'string' | 'number' | 'boolean' | 'rate';
  help: string;
  choices?: string[];
  /** It means something without --input too: `--rate` paces `--paginate`'s pages and `--wait-for`'s polls. */
  withPaginate?: boolean;
}

/**
 * The batch flags, declared once: help reads them (src/cli/operation-flags.ts), a command refuses
 * them without --input (src/cli/execute.ts), and a field's flag never takes one of their names
 * (src/input/fields.ts). Their values are read by src/batch/options.ts. Here, not in batch/, since every command's tree reads them and batch code loads only with --input.
 */
export const BATCH_FLAGS: readonly BatchFlag[] = [
  {
    name: 'input',
    key: 'input',
    value: '<file|->',
    type: 'file',
    help: 'run once per NDJSON line or CSV row of this file (- for standard input); one JSON record per line on stdout',
  },
  {
    name: 'input-format',
    key: 'inputFormat',
    value: '<format>',
    type: 'string',
    choices: ['csv', 'ndjson'],
    help: 'csv or ndjson (default: from the file name; standard input is ndjson)',
  },
  { name: 'concurrency', key: 'concurrency', value: '<n>', type: 'number', help: 'calls in flight at once (default 8, at most 64)' },
  {
    name: 'rate',
    key: 'rate',
    value: '<n>',
    type: 'rate',
    withPaginate: true,
    help: 'start at most n requests per second across all lines in flight, retries included: n, n/s or n/m (default: the profile setting rate, else no limit until the service throttles); with --paginate, its pages; with --wait-for, its polls',
  },
  { name: 'unordered', key: 'unordered', type: 'boolean', help: 'write each record as its call finishes, not in input order' },
  {
    name: 'rejects',
    key: 'rejects',
    value: '<file>',
    type: 'file',
    help: 'write the lines that failed here, verbatim, to fix and run again; those that may have been applied go beside it, to <file>.uncertain.<ext>, to check first',
  },
  {
    name: 'checkpoint',
    key: 'checkpoint',
    value: '<file>',
    type: 'file',
    help: 'journal each line here; run the same command again to resume after a kill, sending nothing twice',
  },
  {
    name: 'resend-uncertain',
    key: 'resendUncertain',
    type: 'boolean',
    help: 'on resume, send again the lines an earlier run may have applied: stopped before the answer, answer lost, or 500, 502 or 504 (POSTs are not, by default)',
  },
  {
    name: 'shard',
    key: 'shard',
    value: '<k/n>',
    type: 'string',
    help: 'take only the k-th of n parts of the input, by line number: k/n as two whole numbers, 1 ≤ k ≤ n ≤ 10000 (one part per job runner worker)',
  },
];

/** The batch flag given without what it needs (--input, or --paginate or --wait-for for --rate), if any: `--shard`. */
export function batchFlagWithoutInput(flags: Record<string, unknown>): BatchFlag | undefined {
  if (flags.input !== undefined) return undefined;
  return BATCH_FLAGS.find((flag) => flags[flag.key] !== undefined && !(flag.withPaginate && (flags.paginate !== undefined || flags.waitFor !== undefined)));
}

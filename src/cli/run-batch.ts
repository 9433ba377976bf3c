import type { OperationSpec } from '../../registry/define.js';
import { readCsvColumns } from '../batch/csv-columns.js';
import { type BatchOptions, readBatchOptions } from '../batch/options.js';
import { shardRecords } from '../batch/shard.js';
import { type BatchSource, openBatchSource } from '../batch/source.js';
import { resolveTarget } from '../config/target.js';
import { buildOperationInput } from '../input/operation-input.js';
import type { Context } from '../core/context.js';
import { runBatch as runBatchLines } from '../core/batch-run.js';
import { compileQueryOption } from '../core/query-option.js';
import { confirmDestructive, refuseWithoutConsent } from './confirm-destructive.js';
import { jsonSources, readCommandInput } from './input-usage.js';
import type { Invocation } from './invocation.js';
import type { WaitRequest } from './wait-options.js';
import { durationWords } from '../config/durations.js';

/** How a batch's `--input -` claims standard input. */
const BATCH_FROM_STDIN = '--input -';

/**
 * `--input <file | ->`: the command line's side of a batch run. Its flags, arguments and input are
 * read here, and a destructive run is confirmed; the core runs the lines (src/core/batch-run.ts).
 * Loaded only when argv holds --input, so single calls never pay for it.
 */
export async function runBatch(ctx: Context, inv: Invocation, wait?: WaitRequest): Promise<void> {
  const options = readBatchOptions(inv.flags, inv.globals);
  // Claimed before --body - or a field's @- is read: a pair is refused before either waits for input.
  if (options.input === '-') ctx.io.claimStdin?.(BATCH_FROM_STDIN);
  const compiled = await compileQueryOption(inv.globals.query);
  const base = await readCommandInput(() => buildOperationInput(inv.op, { positionals: inv.positionals, flags: inv.flags }, jsonSources(ctx)));
  const source = await readCommandInput(() =>
    openBatchSource(options.input, {
      format: options.format,
      stdin: () => ctx.io.stdinChunks(BATCH_FROM_STDIN),
      openFile: ctx.files.openInput,
      signal: ctx.signal,
    }),
  );
  try {
    const header = source.header;
    const columns = header ? await readCommandInput(() => readCsvColumns(inv.op, header.cells, `${source.name} line ${header.line}`)) : undefined;
    refuseWithoutConsent(ctx, inv);
    const dryRun = inv.globals.dryRun === true;
    const target = await resolveTarget(ctx, inv.globals, { needCredential: !dryRun });
    if (inv.op.destructive && !inv.flags.yes && !dryRun) await confirmBatch(ctx, inv.op, options, source);
    const query = compiled && { compiled, text: inv.globals.query! };
    if (dryRun && wait)
      ctx.io.err(
        `svc: note: with --wait-for, each line would be sent again until ${wait.plan.until.text}, for at most ${durationWords(wait.plan.timeoutMs)}\n`,
      );
    await readCommandInput(() =>
      runBatchLines(ctx, {
        id: inv.id,
        op: inv.op,
        options,
        base,
        source,
        columns,
        target,
        query,
        dryRun,
        debug: inv.globals.debug === true,
        ...(wait ? { wait: wait.plan } : {}),
      }),
    );
  } finally {
    source.close();
  }
}

/** Destructive operations ask once on a terminal, naming how many lines when the file can be counted. */
function confirmBatch(ctx: Pick<Context, 'io' | 'files'>, op: OperationSpec, options: BatchOptions, source: BatchSource): Promise<void> {
  return confirmDestructive(ctx, async () => {
    const count = source.size === undefined ? undefined : await countRecords(ctx, options);
    const what = count === undefined ? `every line of ${source.name}` : `each of the ${count} ${count === 1 ? 'line' : 'lines'} of ${source.name}`;
    return `${op.summary}, once for ${what}`;
  });
}

async function countRecords(ctx: Pick<Context, 'files'>, options: BatchOptions): Promise<number> {
  // Only regular files are counted, so standard input is never read here.
  const source = await openBatchSource(options.input, { format: options.format, stdin: async function* () {}, openFile: ctx.files.openInput });
  let count = 0;
  for await (const _ of shardRecords(source.records, options.shard)) count++;
  return count;
}

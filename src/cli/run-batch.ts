import type { OperationSpec } from '../../registry/define.js';
import { isSecretHeader } from '../../registry/header-params.js';
import { buildOperationInput, type OperationInput } from '../input/operation-input.js';
import type { Context } from '../core/context.js';
import { confirmDestructive, refuseWithoutConsent } from './confirm-destructive.js';
import { debugHooks } from '../core/debug-trace.js';
import { requestTargetOf, retryPolicy, runPacer } from '../core/request-target.js';
import { SvcError, ExitCode, usageError } from '../errors.js';
import type { Invocation } from './invocation.js';
import { jsonSources, readCommandInput } from './input-usage.js';
import type { RetryOptions } from '../client/retry.js';
import type { Transport } from '../client/transport.js';
import { resolveTarget, type Target } from '../config/target.js';
import { readCsvColumns, type Column } from '../batch/csv-columns.js';
import { type OpenedCheckpoint, openCheckpoint, resumeSummary } from '../batch/checkpoint.js';
import { fingerprintRun } from '../batch/fingerprint.js';
import { createLineProcessor, type LineCall } from '../batch/line-call.js';
import { type OperationDeps, runOperation } from '../core/run-operation.js';
import { compileQueryOption } from '../core/query-option.js';
import type { ResultQuery } from '../output/query.js';
import { type BatchOptions, readBatchOptions, windowFor } from '../batch/options.js';
import { runPipeline } from '../batch/pipeline.js';
import { BatchTally, createProgressBar, summaryLine } from '../batch/progress.js';
import { createRecordWriter } from './record-writer.js';
import type { RejectsFile } from '../batch/rejects.js';
import { shardRecords, shardText } from '../batch/shard.js';
import { type BatchStop, stopEnd, stoppedBatchError, watchBatchStop } from '../batch/stop.js';
import { type BatchSource, openBatchSource } from '../batch/source.js';

/** How a batch's `--input -` claims standard input. */
const BATCH_FROM_STDIN = '--input -';

/**
 * `--input <file | ->`: one call per NDJSON line or CSV row, concurrently, one record per line on
 * stdout. Loaded only when argv holds --input, so single calls never pay for it.
 */
export async function runBatch(ctx: Context, inv: Invocation): Promise<void> {
  const options = readBatchOptions(inv.flags, inv.globals);
  // Claimed before --body - or a field's @- is read: a pair is refused before either waits for input.
  if (options.input === '-') ctx.io.claimStdin?.(BATCH_FROM_STDIN);
  const query = await compileQueryOption(inv.globals.query);
  const base = await readBaseInput(ctx, inv);
  const source = await readCommandInput(() =>
    openBatchSource(options.input, { format: options.format, stdin: () => ctx.io.stdinChunks(BATCH_FROM_STDIN), openFile: ctx.files.openInput }),
  );
  let rejects: RejectsFile | undefined;
  let checkpoint: OpenedCheckpoint | undefined;
  try {
    const header = source.header;
    const columns = header ? await readCommandInput(() => readCsvColumns(inv.op, header.cells, `${source.name} line ${header.line}`)) : undefined;
    refuseWithoutConsent(ctx, inv);
    const target = await resolveTarget(ctx, inv.globals, { needCredential: !inv.globals.dryRun });
    if (inv.op.destructive && !inv.flags.yes && !inv.globals.dryRun) await confirmBatch(ctx, inv.op, options, source);
    // Before the rejects file is emptied: a refused checkpoint leaves everything as it was.
    if (options.checkpoint)
      checkpoint = await readCommandInput(() => openRunCheckpoint(ctx, inv, options, { base, format: source.format, baseUrl: target.baseUrl, source }));
    if (options.rejects) rejects = await readCommandInput(() => createRejects(ctx, options, source, checkpoint));
    await runLines(ctx, inv, { options, source, base, columns, target, rejects, query, checkpoint });
  } finally {
    source.close();
    rejects?.close();
    await checkpoint?.close();
  }
}

/** The checkpoint belongs to this input file, operation and command line (src/batch/fingerprint.ts). */
async function openRunCheckpoint(
  ctx: Pick<Context, 'files' | 'secrets'>,
  inv: Invocation,
  options: BatchOptions,
  run: { base: OperationInput; format: string; baseUrl: string; source: BatchSource },
): Promise<OpenedCheckpoint> {
  const shard = options.shard ? shardText(options.shard) : null;
  const args = {
    params: run.base.params,
    query: run.base.query ?? null,
    ...(run.base.headers ? { headers: run.base.headers } : {}),
    body: run.base.body ?? null,
    format: run.format,
    outputQuery: inv.globals.query,
    baseUrl: run.baseUrl,
  };
  const { identityOfPath, standardStreamFiles } = await import('../output/output-file.js');
  const guarded = [
    run.source.identity,
    ...standardStreamFiles(),
    options.rejects === undefined ? undefined : identityOfPath(options.rejects, 'the --rejects file'),
  ].filter((id) => id !== undefined);
  return openCheckpoint(
    options.checkpoint!,
    inv.op,
    () => fingerprintRun(inv.id, options.input, args, shard, ctx.files.openInput, ctx.secrets?.redact),
    options.resendUncertain,
    guarded,
  );
}

/** Positionals, flags and --body: what every line starts from. Path parameters may come from the lines. */
async function readBaseInput(ctx: Pick<Context, 'io' | 'files' | 'secrets'>, inv: Invocation): Promise<OperationInput> {
  const base = await readCommandInput(() => buildOperationInput(inv.op, { positionals: inv.positionals, flags: inv.flags }, jsonSources(ctx)));
  // A header parameter that carries a credential is redacted from the records, as svc's own is.
  for (const [name, value] of Object.entries(base.headers ?? {}))
    if (isSecretHeader(name) && typeof value === 'string' && value !== '') ctx.secrets?.add(value);
  return base;
}

/** The rejects file may be none of the files the batch reads or writes, whatever path leads there. */
async function createRejects(
  ctx: Pick<Context, 'files'>,
  options: BatchOptions,
  source: BatchSource,
  checkpoint: OpenedCheckpoint | undefined,
): Promise<RejectsFile> {
  const { identityOfPath, standardStreamFiles } = await import('../output/output-file.js');
  const journal = checkpoint && identityOfPath(options.checkpoint!, 'the --checkpoint file');
  const guarded = [source.identity, ...standardStreamFiles(), journal].filter((id) => id !== undefined);
  return ctx.files.openRejects(options.rejects!, source.header?.raw, guarded);
}

interface Batch {
  options: BatchOptions;
  source: BatchSource;
  base: OperationInput;
  columns: Column[] | undefined;
  target: Target;
  rejects: RejectsFile | undefined;
  query: ResultQuery | undefined;
  checkpoint: OpenedCheckpoint | undefined;
}

async function runLines(ctx: Context, inv: Invocation, batch: Batch): Promise<void> {
  const { options } = batch;
  const send = ctx.createTransport?.({ connections: options.concurrency }) ?? ctx.send;
  const stop = watchBatchStop(ctx, batch.checkpoint && { path: options.checkpoint!, lost: batch.checkpoint.lost, failed: batch.checkpoint.journal.failed });
  try {
    await drainLines(ctx, inv, batch, send, stop);
  } finally {
    stop.dispose();
  }
}

async function drainLines(
  ctx: Context,
  inv: Invocation,
  { options, source, base, columns, target, rejects, query, checkpoint }: Batch,
  send: Transport,
  stop: BatchStop,
): Promise<void> {
  // Time comes from the context (a test's clock ticks without sleeping); performance.now in production.
  const now = ctx.clock ? () => ctx.clock!.now() : () => performance.now();
  const hooks = inv.globals.debug ? { ...debugHooks((text) => ctx.io.err(text), target.credential?.source, ctx.secrets?.redact, target.route), now } : {};
  const retry = batchRetryPolicy(ctx, target, stop.signal);
  const pacer = runPacer(ctx, retry, { rate: options.rate ?? target.rate, signal: stop.signal, debug: inv.globals.debug });
  // A first stop signal lets the calls in flight finish; a second abandons them, each still recorded.
  const deps = {
    send,
    secrets: ctx.secrets,
    signal: ctx.hurry,
    target: requestTargetOf(target, ctx.hurry),
    retry: { ...retry, pacer },
    hooks,
  };
  const direct = lineCall(inv.op, deps, inv.globals.dryRun === true);
  const call = checkpoint && !inv.globals.dryRun ? checkpoint.run.call(direct) : direct;
  const process = createLineProcessor({ op: inv.op, base, columns, call, query });
  const tally = new BatchTally();
  // The bar would tear --debug's trace lines apart; a pipe or file gets no bar at all.
  const bar =
    ctx.io.stderrIsTTY && !inv.globals.debug
      ? createProgressBar(tally, { draw: (line) => (ctx.io.status ?? ctx.io.err)(line), totalBytes: source.size, now, throttle: pacer.stats })
      : undefined;
  const started = now();
  const writer = createRecordWriter(ctx, tally, bar, rejects, stop);
  const end = await runPipeline({
    entries: options.shard ? shardRecords(source.records, options.shard) : source.records,
    concurrency: options.concurrency,
    window: options.ordered ? windowFor(options.concurrency) : undefined,
    signal: stop.signal,
    stopReading: () => source.close(),
    run: checkpoint ? checkpoint.run.processor(process) : process,
    emit: writer.emit,
    // A refused credential fails every later line too: stop rather than send thousands of 401s.
    halts: (outcome) => !outcome.ok && outcome.status === 401,
  }).finally(writer.flush);
  bar?.clear();
  // The last records are on disk before the run says it is done; a sync that fails is a stop like any write to the checkpoint that fails.
  if (checkpoint) await checkpoint.journal.flush();
  const cause = stop.cause(end);
  const summary =
    (options.shard ? `shard ${shardText(options.shard)}: ` : '') +
    summaryLine(tally, (now() - started) / 1000, cause ? stopEnd(cause) : 'complete', {
      rejects: options.rejects,
      dryRun: inv.globals.dryRun,
      throttle: pacer.stats(),
    }) +
    (checkpoint ? resumeSummary(options.checkpoint!, checkpoint.tally) : '');
  if (cause) throw stoppedBatchError(cause, summary);
  if (tally.failed > 0) throw new SvcError(summary, ExitCode.api);
  ctx.io.err(`svc: ${summary}\n`);
}

/**
 * Each line runs as a single call does, through the core's runOperation: built, sent and retried by
 * the same policy (idempotent requests only). Its record is written from the body as sent (`json`),
 * so zod's copy of it is not needed. `--dry-run` holds every request back: it is recorded, not sent.
 */
function lineCall(op: OperationSpec, deps: OperationDeps, dryRun: boolean): LineCall {
  const run: OperationDeps = { ...deps, use: { jsonOnly: true }, ...(dryRun ? { hooks: { ...deps.hooks, beforeSend: () => false } } : {}) };
  return async (input) => {
    const outcome = await runOperation(run, { op, input });
    return outcome.held ? outcome : { held: false, result: outcome.result };
  };
}

/**
 * The single-call policy, except that a stop ends a wait for a retry: requests already on the wire
 * finish, but no new attempt starts (the line's record then says it was interrupted).
 */
function batchRetryPolicy(ctx: Pick<Context, 'clock'>, target: Target, stopped: AbortSignal): RetryOptions {
  const policy = retryPolicy(ctx, target);
  return { ...policy, clock: { ...policy.clock, sleep: (ms) => policy.clock.sleep(ms, stopped) } };
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

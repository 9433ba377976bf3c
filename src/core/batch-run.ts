import type { OperationSpec } from '../../registry/define.js';
import { type OpenedCheckpoint, resumeSummary } from '../batch/checkpoint.js';
import { createLineProcessor, type LineCall } from '../batch/line-call.js';
import { windowFor } from '../batch/options.js';
import { runPipeline } from '../batch/pipeline.js';
import { BatchTally, createProgressBar, summaryLine } from '../batch/progress.js';
import type { RejectsFile } from '../batch/rejects.js';
import { shardRecords, shardText } from '../batch/shard.js';
import type { BatchSource } from '../batch/source.js';
import { type BatchStop, stopEnd, stoppedBatchError, watchBatchStop } from '../batch/stop.js';
import type { Pacer } from '../client/pacer.js';
import type { RetryOptions } from '../client/retry.js';
import type { Target } from '../config/target.js';
import { ExitCode, SvcError } from '../errors.js';
import { interruptionOf } from '../interruption.js';
import { openBatchFiles } from './batch-files.js';
import type { BatchRun } from './batch-plan.js';

export type { BatchRun } from './batch-plan.js';
import type { Context } from './context.js';
import { traceHooks } from './debug-trace.js';
import { createRecordWriter } from './record-writer.js';
import { requestTargetOf, retryPolicy } from './request-target.js';
import { runPacer } from './run-pacer.js';
import { buildOperationRequest, type OperationDeps, runOperation } from './run-operation.js';
import { type WaitPlan, waitForState } from './wait.js';
import { FLAG_NAMES, waitEndWords } from './wait-words.js';
import { learnSecretHeaders } from './secret-headers.js';

/**
 * Runs every line of a batch, below every front-end: the checkpoint and the rejects file opened,
 * each line sent as a single call is (src/core/run-operation.ts), paced by one pacer, its record
 * written to `ctx.io.out` and a failed line to the rejects file, a progress bar on a terminal, and
 * the summary on `ctx.io.err`. Throws an SvcError carrying the summary when a line failed or the
 * run stopped; refused input (a checkpoint made for another run) is an InputError, nothing sent.
 */
export async function runBatch(ctx: Context, run: BatchRun): Promise<void> {
  // Before the checkpoint's fingerprint names the command line: its secret headers are redacted there too.
  learnSecretHeaders(run.base.headers, ctx.secrets);
  const files = await openBatchFiles(ctx, run);
  try {
    const send = ctx.createTransport?.({ connections: run.options.concurrency }) ?? ctx.send;
    const { checkpoint } = files;
    const stop = watchBatchStop(ctx, checkpoint && { path: run.options.checkpoint!, lost: checkpoint.lost, failed: checkpoint.journal.failed });
    try {
      await runLines(ctx, run, { ...files, send, stop });
    } finally {
      stop.dispose();
    }
  } finally {
    await files.close();
  }
}

interface Running {
  checkpoint: OpenedCheckpoint | undefined;
  rejects: RejectsFile | undefined;
  send: Context['send'];
  stop: BatchStop;
}

async function runLines(ctx: Context, run: BatchRun, { checkpoint, rejects, send, stop }: Running): Promise<void> {
  const { options, source, target } = run;
  // Time comes from the context (a test's clock ticks without sleeping); performance.now in production.
  const now = ctx.clock ? () => ctx.clock!.now() : () => performance.now();
  const retry = stoppableRetry(ctx, target, stop.signal);
  const pacer = runPacer(ctx, retry, { rate: options.rate ?? target.rate, signal: stop.signal, debug: run.debug });
  // A first stop signal lets the calls in flight finish; a second abandons them, each still recorded.
  const deps: OperationDeps = {
    send,
    secrets: ctx.secrets,
    signal: ctx.hurry,
    target: requestTargetOf(target, ctx.hurry),
    retry: { ...retry, pacer },
    hooks: traceHooks(ctx, target, run.debug),
  };
  const direct =
    run.wait && !run.dryRun ? waitingLineCall(run.op, run.wait, { ...deps, retry: deps.retry!, signal: stop.signal }) : lineCall(run.op, deps, run.dryRun);
  const call = checkpoint && !run.dryRun ? checkpoint.run.call(direct) : direct;
  const process = createLineProcessor({ op: run.op, base: run.base, columns: run.columns, call, query: run.query?.compiled });
  const tally = new BatchTally();
  const bar = progressBar(ctx, run, tally, pacer, now);
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
      uncertain: rejects?.uncertainPath,
      dryRun: run.dryRun,
      throttle: pacer.stats(),
    }) +
    (checkpoint ? resumeSummary(options.checkpoint!, checkpoint.tally) : '');
  if (cause) throw stoppedBatchError(cause, summary);
  if (tally.failed > 0) throw new SvcError(summary, failedExitCode(tally, ctx.signal));
  ctx.io.err(`svc: ${summary}\n`);
}

/** On a terminal, and not under --debug, whose trace lines the bar would tear apart; a pipe or file gets no bar at all. */
function progressBar(ctx: Context, run: BatchRun, tally: BatchTally, pacer: Pacer, now: () => number) {
  if (!ctx.io.stderrIsTTY || run.debug) return undefined;
  return createProgressBar(tally, { draw: (line) => (ctx.io.status ?? ctx.io.err)(line), totalBytes: run.source.size, now, throttle: pacer.stats });
}

/**
 * Each line runs as a single call does, through runOperation: built, sent and retried by the same
 * policy (idempotent requests only). Its record is written from the body as sent (`json`), so
 * zod's copy of it is not needed. `--dry-run` holds every request back: it is recorded, not sent.
 */
function lineCall(op: OperationSpec, deps: OperationDeps, dryRun: boolean): LineCall {
  const run: OperationDeps = { ...deps, use: { jsonOnly: true } };
  if (dryRun) return async (input) => ({ held: true, request: buildOperationRequest(run, { op, input }) });
  return async (input) => ({ held: false, result: (await runOperation(run, { op, input })).result });
}

/**
 * With `--wait-for`, each line waits for its own answer to meet the condition (src/core/wait.ts),
 * its polls paced with every other line's; a stop signal ends every wait at once (they only read,
 * so a poll cut short changes nothing), and the line is recorded as interrupted.
 */
function waitingLineCall(op: OperationSpec, plan: WaitPlan, deps: OperationDeps & { retry: RetryOptions }): LineCall {
  const run: OperationDeps & { retry: RetryOptions } = { ...deps, use: { jsonOnly: true } };
  const { hooks } = deps;
  return async (input) => {
    const end = await waitForState({ ...run, hooks: () => hooks }, op, buildOperationRequest(run, { op, input }), plan);
    const message = waitEndWords(end, plan, FLAG_NAMES);
    const wait = {
      outcome: end.outcome,
      polls: end.polls,
      waitedMs: end.waitedMs,
      ...(message ? { message } : {}),
      ...(end.answer ? { answer: end.answer.result } : {}),
    };
    return { held: false, result: end.last.result, wait };
  };
}

/**
 * A batch with failed lines exits 1, unless every one of them waited: the stop signal's code when
 * one ended a wait (every line was already taken), 9 when a wait failed, else 124 (each timed out).
 */
function failedExitCode(tally: BatchTally, signal: AbortSignal | undefined): number {
  const waits = tally.waits;
  if (waits && waits.interrupted > 0) return interruptionOf(signal).exitCode;
  if (!waits || tally.failed > waits.failed + waits.timedOut) return ExitCode.api;
  return waits.failed > 0 ? ExitCode.waitFailed : ExitCode.waitTimedOut;
}

/**
 * The single-call policy, except that a stop ends a wait for a retry: requests already on the wire
 * finish, but no new attempt starts (the line's record then says it was interrupted).
 */
function stoppableRetry(ctx: Pick<Context, 'clock'>, target: Target, stopped: AbortSignal): RetryOptions {
  const policy = retryPolicy(ctx, target);
  return { ...policy, clock: { ...policy.clock, sleep: (ms) => policy.clock.sleep(ms, stopped) } };
}

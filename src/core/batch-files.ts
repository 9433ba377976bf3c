import { isIdempotent } from '../../registry/define.js';
import { type OpenedCheckpoint, openCheckpoint } from '../batch/checkpoint.js';
import { uncertainPathBeside } from '../batch/options.js';
import { fingerprintRun } from '../batch/fingerprint.js';
import type { RejectsFile } from '../batch/rejects.js';
import { shardText } from '../batch/shard.js';
import type { BatchRun } from './batch-plan.js';
import type { Context } from './context.js';

/** The files a batch run writes besides standard output: its checkpoint and its rejects file, each when asked for. */
export interface BatchFiles {
  checkpoint: OpenedCheckpoint | undefined;
  rejects: RejectsFile | undefined;
  close(): Promise<void>;
}

/**
 * Opens the checkpoint first (a checkpoint made for another run is refused before the rejects file
 * is emptied, so everything is left as it was), then the rejects file. Neither may be a file the
 * batch reads or writes, whatever path leads there.
 */
export async function openBatchFiles(ctx: Pick<Context, 'files' | 'secrets' | 'signal'>, run: BatchRun): Promise<BatchFiles> {
  const checkpoint = run.options.checkpoint ? await openRunCheckpoint(ctx, run) : undefined;
  let rejects: RejectsFile | undefined;
  try {
    if (run.options.rejects) rejects = await createRejects(ctx, run, checkpoint !== undefined);
  } catch (error) {
    await checkpoint?.close();
    throw error;
  }
  return {
    checkpoint,
    rejects,
    close: async () => {
      rejects?.close();
      await checkpoint?.close();
    },
  };
}

/** The checkpoint belongs to this input file, operation and command line (src/batch/fingerprint.ts). */
async function openRunCheckpoint(
  ctx: Pick<Context, 'files' | 'secrets' | 'signal'>,
  { id, op, options, base, source, target, query }: BatchRun,
): Promise<OpenedCheckpoint> {
  const shard = options.shard ? shardText(options.shard) : null;
  const args = {
    params: base.params,
    query: base.query ?? null,
    ...(base.headers ? { headers: base.headers } : {}),
    body: base.body ?? null,
    format: source.format,
    outputQuery: query?.text,
    baseUrl: target.baseUrl,
  };
  const { identityOfPath, standardStreamFiles } = await import('../output/output-file.js');
  const guarded = [
    source.identity,
    ...standardStreamFiles(),
    options.rejects === undefined ? undefined : identityOfPath(options.rejects, 'the --rejects file'),
    options.rejects === undefined
      ? undefined
      : identityOfPath(uncertainPathBeside(options.rejects), 'where --rejects puts the lines that may have been applied'),
  ].filter((identity) => identity !== undefined);
  return openCheckpoint(
    options.checkpoint!,
    op,
    () => fingerprintRun(id, options.input, args, shard, ctx.files.openInput, ctx.secrets?.redact, ctx.signal),
    options.resendUncertain,
    guarded,
  );
}

async function createRejects(ctx: Pick<Context, 'files'>, { op, options, source }: BatchRun, journaled: boolean): Promise<RejectsFile> {
  const { identityOfPath, standardStreamFiles } = await import('../output/output-file.js');
  const journal = journaled ? identityOfPath(options.checkpoint!, 'the --checkpoint file') : undefined;
  const guarded = [source.identity, ...standardStreamFiles(), journal].filter((identity) => identity !== undefined);
  // Only a line of an operation not safe to repeat may have been applied and failed; those lie apart, to be checked first.
  return ctx.files.openRejects(options.rejects!, source.header?.raw, guarded, !isIdempotent(op));
}

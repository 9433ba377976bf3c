import type { OperationSpec } from '../../registry/define.js';
import { buildRequest, validateBody, validateQuery } from '../client/exchange.js';
import { fillPath } from '../client/path.js';
import { resolveTarget } from '../config/target.js';
import { buildOperationInput, type CheckedInput, describeIssues } from '../input/operation-input.js';
import type { Context } from '../core/context.js';
import type { Invocation } from './invocation.js';
import { confirmDestructive } from './confirm-destructive.js';
import { dispatch } from './dispatch.js';
import type { PageBounds } from './paginate.js';
import { requestTargetOf } from '../core/request-target.js';
import { jsonSources, readCommandInput } from './input-usage.js';
import { usageError } from '../errors.js';
import { preparePresenter, type TerminalView } from '../core/presenter.js';
import { prepareFieldSave } from './save-field.js';

export type { Invocation } from './invocation.js';

/** Runs one generated command: input, output options, target, confirmation, then the call and its report. */
export async function executeOperation(ctx: Context, inv: Invocation): Promise<void> {
  const pages = await readPaging(inv.flags);
  if (inv.flags.input !== undefined) return (await import('./run-batch.js')).runBatch(ctx, inv);
  refuseBatchFlags(inv.flags);
  const { op, globals } = inv;
  const input = await readInput(ctx, inv);
  const presenter = await preparePresenter(ctx, globals);
  const saver = await prepareFieldSave(ctx, op, inv.flags);
  const target = await resolveTarget(ctx, globals, { needCredential: !globals.dryRun });
  const request = buildRequest(op, input.path, input.body, requestTargetOf(target, ctx.signal), input.query);
  await dispatch(ctx, {
    op,
    input,
    request,
    target,
    globals,
    presenter,
    view: await terminalView(op),
    beforeSend: op.destructive && !inv.flags.yes ? () => confirm(ctx, op, inv.positionals) : undefined,
    onSuccess: saver?.save,
    pages,
  });
}

/** `--paginate` and its bounds; the paging code loads only when one of them is given. */
export async function readPaging(flags: Record<string, unknown>): Promise<PageBounds | undefined> {
  if (flags.paginate === undefined && flags.maxPages === undefined && flags.maxItems === undefined) return undefined;
  const { readPageBounds } = await import('./paginate.js');
  return readCommandInput(() => readPageBounds(flags));
}

/** Batch flags mean nothing without --input; say so rather than ignore them. */
function refuseBatchFlags(flags: Record<string, unknown>): void {
  const batchFlags = { inputFormat: '--input-format', concurrency: '--concurrency', unordered: '--unordered', rejects: '--rejects', checkpoint: '--checkpoint', resendUncertain: '--resend-uncertain', shard: '--shard' };
  for (const [key, flag] of Object.entries(batchFlags)) if (flags[key] !== undefined) throw usageError(`${flag} needs --input <file | ->`);
}

async function readInput(ctx: Context, inv: Invocation): Promise<CheckedInput> {
  const input = await readCommandInput(async () => {
    const built = await buildOperationInput(inv.op, { positionals: inv.positionals, flags: inv.flags }, jsonSources(ctx));
    return { ...built, path: fillPath(inv.op.path, built.params) };
  });
  const valid = validateBody(inv.op, input.body);
  if (!valid.ok) throw usageError(`invalid input: ${describeIssues(inv.op, valid.issues)}`);
  const query = validateQuery(inv.op, input.query);
  if (!query.ok) throw usageError(`invalid input: ${describeIssues(inv.op, query.issues)}`);
  return { params: input.params, path: input.path, body: valid.body as Record<string, unknown> | undefined, ...(query.query ? { query: query.query } : {}) };
}

/** The registry's `display`, as a terminal view of the response; its code loads only for such operations. */
async function terminalView(op: OperationSpec): Promise<TerminalView | undefined> {
  const layout = op.display;
  if (!layout) return undefined;
  const { formatDocument } = await import('../output/document.js');
  return (value, options) => (value !== null && typeof value === 'object' && !Array.isArray(value) ? formatDocument(value as Record<string, unknown>, layout, options) : `${JSON.stringify(value, null, 2)}\n`);
}

const confirm = (ctx: Context, op: OperationSpec, positionals: readonly string[]): Promise<void> => confirmDestructive(ctx, () => `${op.summary} ${positionals.join(' ')}`);

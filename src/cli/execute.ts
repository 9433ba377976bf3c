import type { OperationSpec } from '../../registry/define.js';
import { resolveTarget } from '../config/target.js';
import { buildOperationInput, describeIssues } from '../input/operation-input.js';
import type { Context } from '../core/context.js';
import type { Invocation } from './invocation.js';
import { confirmDestructive, refuseWithoutConsent } from './confirm-destructive.js';
import { dispatch } from './dispatch.js';
import type { PageBounds } from './paginate.js';
import { jsonSources, readCommandInput } from './input-usage.js';
import { usageError } from '../errors.js';
import { batchFlagWithoutInput } from '../input/batch-flags.js';
import { preparePresenter, type TerminalView } from '../core/presenter.js';
import { type PreparedCall, prepareCall } from '../core/run-operation.js';
import { prepareFieldSave } from './save-field.js';
import { WAIT_FLAGS } from '../input/wait-flags.js';
import type { WaitRequest } from './wait-options.js';

export type { Invocation } from './invocation.js';

/** Runs one generated command: input, output options, target, confirmation, then the call and its report. */
export async function executeOperation(ctx: Context, inv: Invocation): Promise<void> {
  const pages = await readPaging(inv.flags);
  const wait = await readWaiting(inv);
  if (inv.flags.input !== undefined) return (await import('./run-batch.js')).runBatch(ctx, inv, wait);
  refuseBatchFlags(inv.flags);
  const { op, globals } = inv;
  const call = await readInput(ctx, inv);
  refuseWithoutConsent(ctx, inv);
  const presenter = await preparePresenter(ctx, globals);
  const saver = await prepareFieldSave(ctx, op, inv.flags);
  const target = await resolveTarget(ctx, globals, { needCredential: !globals.dryRun });
  await dispatch(ctx, {
    call,
    target,
    globals,
    presenter,
    view: await terminalView(op),
    confirm: op.destructive && !inv.flags.yes ? () => confirm(ctx, op, inv.positionals) : undefined,
    onSuccess: saver?.save,
    pages,
    wait,
  });
}

/** `--wait-for` and its options; their code (and JMESPath) loads only when one of them is given. */
export async function readWaiting(inv: Pick<Invocation, 'id' | 'op' | 'flags'>): Promise<WaitRequest | undefined> {
  if (!WAIT_FLAGS.some((flag) => inv.flags[flag.key] !== undefined)) return undefined;
  const { operationCommand, readWaitRequest } = await import('./wait-options.js');
  return readCommandInput(() => readWaitRequest(operationCommand(inv.id), inv.op, inv.flags));
}

/** `--paginate` and its bounds; the paging code loads only when one of them is given. */
export async function readPaging(flags: Record<string, unknown>): Promise<PageBounds | undefined> {
  if (flags.paginate === undefined && flags.maxPages === undefined && flags.maxItems === undefined) return undefined;
  const { readPageBounds } = await import('./paginate.js');
  return readCommandInput(() => readPageBounds(flags));
}

/** Batch flags mean nothing without --input (--rate: or --paginate); say so rather than ignore them. */
function refuseBatchFlags(flags: Record<string, unknown>): void {
  const alone = batchFlagWithoutInput(flags);
  if (alone) throw usageError(`--${alone.name} needs --input <file | ->${alone.withPaginate ? ', --paginate or --wait-for' : ''}`);
}

/** argv and `--body` read into the operation's input, prepared as the core prepares every call: refused input is a usage error, before anything else is looked at. */
async function readInput(ctx: Pick<Context, 'io' | 'files'>, inv: Invocation): Promise<PreparedCall> {
  const { op } = inv;
  const input = await readCommandInput(() => buildOperationInput(op, { positionals: inv.positionals, flags: inv.flags }, jsonSources(ctx)));
  const prepared = prepareCall({ op, ...input });
  if (prepared.ok) return prepared.call;
  const { part, error } = prepared;
  throw usageError(part === 'body' || part === 'query' || part === 'header' ? `invalid input: ${describeIssues(op, error.issues)}` : error.message);
}

/** The registry's `display`, as a terminal view of the response; its code loads only for such operations. */
async function terminalView(op: OperationSpec): Promise<TerminalView | undefined> {
  const layout = op.display;
  if (!layout) return undefined;
  const { formatDocument } = await import('../output/document.js');
  return (value, options) =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? formatDocument(value as Record<string, unknown>, layout, options)
      : `${JSON.stringify(value, null, 2)}\n`;
}

const confirm = (ctx: Pick<Context, 'io'>, op: OperationSpec, positionals: readonly string[]): Promise<void> =>
  confirmDestructive(ctx, () => `${op.summary} ${positionals.join(' ')}`);

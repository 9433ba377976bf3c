import type { OperationSpec } from '../../registry/define.js';
import { redactSecrets } from '../auth/credential.js';
import { sendRequest } from '../client/call.js';
import { buildRequest, validateBody } from '../client/exchange.js';
import { fillPath, PathParamError } from '../client/path.js';
import type { HttpRequest } from '../client/transport.js';
import { type GlobalOptions, resolveTarget } from '../config/target.js';
import { BodySourceError } from '../input/body-source.js';
import { buildOperationInput, describeIssues, InputError, type OperationInput } from '../input/operation-input.js';
import { VERSION } from '../version.js';
import type { Context } from './context.js';
import { traceRequest, traceResponse, formatRequest } from './debug-trace.js';
import { CliError, ExitCode, usageError } from './errors.js';
import { reportResult } from './report.js';

export interface Invocation {
  id: string;
  op: OperationSpec;
  positionals: readonly string[];
  flags: Record<string, unknown>;
  globals: GlobalOptions & Record<string, unknown>;
}

/** Runs one generated command: input, validation, target, confirmation, then the call and its report. */
export async function executeOperation(ctx: Context, inv: Invocation): Promise<void> {
  const { op, globals } = inv;
  const input = await readInput(ctx, inv);
  const target = await resolveTarget(ctx, globals, { needCredential: !globals.dryRun });
  const secrets = target.credential ? [target.credential.token] : [];
  const request = buildRequest(op, input.params, input.body, {
    baseUrl: target.baseUrl,
    token: target.credential?.token,
    userAgent: `svc/${VERSION}`,
    timeoutMs: target.timeoutMs,
    signal: ctx.signal,
  });
  if (globals.dryRun) {
    ctx.io.out(redactSecrets(formatRequest(request), secrets));
    if (!target.credential) ctx.io.err('svc: note: no credential is set, so the service would answer 401\n');
    return;
  }
  if (op.destructive && !inv.flags.yes) await confirm(ctx, op, inv.positionals);
  const hooks = globals.debug ? debugHooks(ctx, secrets, target.credential?.source) : {};
  const result = await sendRequest(op, request, ctx.send, hooks);
  reportResult(ctx, { op, input, result, secrets });
}

async function readInput(ctx: Context, inv: Invocation): Promise<OperationInput> {
  let input: OperationInput;
  try {
    input = await buildOperationInput(inv.op, { positionals: inv.positionals, flags: inv.flags }, () => ctx.io.stdin());
    fillPath(inv.op.path, input.params);
  } catch (error) {
    if (error instanceof InputError || error instanceof BodySourceError) throw usageError(error.message);
    if (error instanceof PathParamError) throw usageError(error.message);
    throw error;
  }
  const valid = validateBody(inv.op, input.body);
  if (!valid.ok) throw usageError(`invalid input: ${describeIssues(inv.op, valid.issues)}`);
  return { params: input.params, body: valid.body as Record<string, unknown> | undefined };
}

async function confirm(ctx: Context, op: OperationSpec, positionals: readonly string[]): Promise<void> {
  if (!ctx.io.stdinIsTTY || !ctx.io.stderrIsTTY) return; // scripts proceed
  const answer = await ctx.io.prompt(`${op.summary} ${positionals.join(' ')}? This cannot be undone. [y/N] `);
  if (!/^y(es)?$/i.test(answer.trim())) throw new CliError('cancelled: nothing was sent', ExitCode.usage);
}

function debugHooks(ctx: Context, secrets: string[], source: string | undefined) {
  const err = (text: string) => ctx.io.err(redactSecrets(text, secrets));
  return {
    onRequest(request: HttpRequest) {
      err(`* svc ${VERSION}; credential: ${source ?? 'none'}\n`);
      err(traceRequest(request));
    },
    onResponse(response: { status: number; headers: Record<string, string>; body: string }, ms: number) {
      err(traceResponse(response, ms));
    },
  };
}

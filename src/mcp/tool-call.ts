import { jsonValueTooDeep } from '../client/response-body.js';
import type { GlobalOptions } from '../config/target.js';
import { encodeQuery } from '../client/query-string.js';
import { fillPath } from '../client/path.js';
import { InputError } from '../errors.js';
import { type DestructiveGate, type ElicitAnswer } from './destructive-gate.js';
import { type CallDeps, type CallInput, callTool } from './operation-call.js';
import { neutraliseText } from './neutralise.js';
import type { OperationTool } from './tool-catalog.js';
import type { WaitPlan } from '../core/wait.js';
import { readToolWait, WAIT_ARGUMENT } from './tool-wait.js';
import { type ToolFilter, whyFiltered } from './tool-filter.js';
import { failureResult, notServed, type Redaction, refusalResult, successResult, type ToolResult, unknownTool } from './tool-result.js';

/** What the server was started with, shared by every call. */
export interface ServeSettings {
  /** Every operation's tool, served or not (a filtered one is refused by name, not unknown). */
  tools: readonly OperationTool[];
  filter: ToolFilter;
  allowDestructive: boolean;
  globals: GlobalOptions;
  gate: DestructiveGate;
}

/** The process as a call sees it: settings, transport, the redactor and the audit line on stderr. */
export interface ServeDeps extends CallDeps {
  redaction: Redaction;
  audit(line: string): void;
}

/** One tools/call as the handler received it, with what the client can do. */
export interface ToolCallRequest {
  name: string;
  args: unknown;
  canAsk: boolean;
  answer?: ElicitAnswer;
  requestState?: unknown;
  /** The tools/call request's cancellation: it ends a wait at once. */
  signal?: AbortSignal;
}

/** A call's outcome: a result, or a question for the user before anything is sent. */
export type ToolCallOutcome = { kind: 'result'; result: ToolResult } | { kind: 'ask'; message: string; requestState: string };

/**
 * Runs one tool call: the filter, the arguments, the destructive gate, then the operation. Every
 * way it ends writes one audit line (tool, decision, status; never an argument's value).
 */
export async function runToolCall(settings: ServeSettings, deps: ServeDeps, call: ToolCallRequest): Promise<ToolCallOutcome> {
  const redact = deps.redaction.text;
  const end = (decision: string, status: string, result: ToolResult): ToolCallOutcome => {
    deps.audit(auditLine(call.name, decision, status, redact));
    return { kind: 'result', result };
  };
  const tool = settings.tools.find((candidate) => candidate.tool.name === call.name);
  if (!tool) return end('refused', 'not-sent', refusalResult(unknownTool(call.name), redact));
  const filtered = whyFiltered(tool, settings.filter);
  if (filtered) return end('refused', 'not-sent', refusalResult(notServed(filtered), redact));
  let input: CallInput;
  let wait: WaitPlan | undefined;
  try {
    ({ wait, ...input } = splitArguments(tool, call.args));
    fillPath(tool.op.path, input.params); // a path value that cannot be a URL segment is refused here, before anyone is asked
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    return end(
      'refused',
      'not-sent',
      failureResult({ category: 'invalid', message: error.message, retrySafe: true, mayHaveBeenApplied: false, attempts: 0 }, redact),
    );
  }
  const args = call.args as Record<string, unknown>;
  const decision = settings.gate.decide({
    tool: tool.id,
    op: tool.op,
    args,
    // Written out only for the person asked: for any other call, it would be one more pass over the arguments.
    request: () => redact(describeRequest(tool, input)),
    canAsk: call.canAsk,
    allowDestructive: settings.allowDestructive,
    answer: call.answer,
    requestState: call.requestState,
  });
  if (decision.kind === 'ask') {
    deps.audit(auditLine(tool.id, 'asked', 'not-sent', redact));
    return decision;
  }
  if (decision.kind !== 'allowed') {
    const { kind, message, retrySafe, next } = decision;
    return end(kind, 'not-sent', refusalResult({ code: kind, message, retrySafe, next }, redact));
  }
  let outcome: Awaited<ReturnType<typeof callTool>>;
  try {
    outcome = await callTool(deps, settings.globals, tool.op, input, wait && { plan: wait, signal: call.signal });
  } catch (error) {
    // A fault of svc's own, not of the input, the network or the service: still a result the agent can act on.
    deps.audit(redact(`svc mcp: ${tool.id} failed in svc: ${errorWords(error)}\n`));
    const read = tool.op.safety === 'safe';
    const failure = { category: 'internal', message: `svc could not complete the call: ${errorWords(error)}`, retrySafe: false, attempts: 1 } as const;
    return end('allowed', 'internal-error', failureResult({ ...failure, mayHaveBeenApplied: !read }, redact));
  }
  if (!outcome.ok)
    return end(
      'allowed',
      outcome.failure.status === undefined ? outcome.failure.category : String(outcome.failure.status),
      failureResult(outcome.failure, redact),
    );
  const notes = [
    ...(outcome.mismatch ? [`the response does not match the registry's schema (${outcome.mismatch})`] : []),
    ...(outcome.warning ? [outcome.warning] : []),
  ];
  if (outcome.wait?.message) notes.push(outcome.wait.message);
  const beside = outcome.wait ? { wait: outcome.wait } : {};
  return end('allowed', String(outcome.status), successResult(outcome.json, deps.redaction, notes, tool.op.safety !== 'safe', beside));
}

/** An unexpected fault's message, on one line. */
export const errorWords = (error: unknown): string => (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim();

const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;
const SHOWN_NAME = 64;

/**
 * One audit line. The tool name is the agent's text (an unknown name included): a name that is not
 * a plain tool name is shown redacted, cut and JSON-quoted, so a line break or an escape in it can
 * neither forge another audit line nor reach the terminal.
 */
export function auditLine(name: string, decision: string, status: string, redact: (text: string) => string): string {
  const shown = TOOL_NAME.test(name) ? name : quotedName(redact(name));
  return `svc mcp: audit tool=${shown} decision=${decision} status=${status}\n`;
}

function quotedName(name: string): string {
  const chars = [...name];
  const cut = chars.length > SHOWN_NAME ? `${chars.slice(0, SHOWN_NAME).join('')}…` : name;
  return JSON.stringify(neutraliseText(cut));
}

/** The arguments, split into path, query, header and body, and `wait`; an unknown name, a path value that is not text or a wait that cannot be read is refused. */
export function splitArguments(tool: OperationTool, args: unknown): CallInput & { wait?: WaitPlan } {
  if (args === undefined) args = {};
  if (args === null || typeof args !== 'object' || Array.isArray(args)) throw new InputError('the arguments must be a JSON object');
  // As deep as a --body file may be: deeper, what walks the arguments next would overflow the stack.
  const tooDeep = jsonValueTooDeep(args, 'the arguments object');
  if (tooDeep) throw new InputError(tooDeep);
  const given = args as Record<string, unknown>;
  const { places } = tool;
  const known = new Set([
    ...places.path,
    ...places.query,
    ...places.header,
    ...places.body,
    ...(places.wholeBody ? [places.wholeBody] : []),
    ...(places.wait ? [WAIT_ARGUMENT] : []),
  ]);
  const unknown = Object.keys(given).filter((name) => !known.has(name));
  if (unknown.length > 0) throw new InputError(`unknown argument ${unknown.join(', ')}: ${tool.id} takes ${[...known].join(', ') || 'no arguments'}`);
  const params: Record<string, unknown> = {};
  for (const name of places.path) {
    if (typeof given[name] !== 'string') throw new InputError({ field: name, message: 'must be a string' }, `${name} must be a string`);
    params[name] = given[name];
  }
  const pick = (names: readonly string[]) => Object.fromEntries(names.filter((name) => Object.hasOwn(given, name)).map((name) => [name, given[name]]));
  const query = places.query.length > 0 ? pick(places.query) : undefined;
  const headers = places.header.length > 0 ? pick(places.header) : undefined;
  const fields = tool.op.body && !places.wholeBody ? pick(places.body) : undefined;
  // An optional body is sent when one of its fields is given; a required one always (at least {}).
  const body = places.wholeBody ? given[places.wholeBody] : fields && (Object.keys(fields).length > 0 || !tool.op.optionalBody) ? fields : undefined;
  return {
    params,
    ...(places.wait && given[WAIT_ARGUMENT] !== undefined ? { wait: readToolWait(given[WAIT_ARGUMENT]) } : {}),
    ...(query && Object.keys(query).length > 0 ? { query } : {}),
    ...(headers && Object.keys(headers).length > 0 ? { headers } : {}),
    ...(body === undefined ? {} : { body }),
  };
}

/** What will be sent, for the person asked to confirm: method, path and query, header parameters, and the body. */
function describeRequest(tool: OperationTool, input: CallInput): string {
  const headers = Object.entries(input.headers ?? {}).map(([name, value]) => `\n${name}: ${JSON.stringify(value)}`);
  const line = `${tool.op.method} ${fillPath(tool.op.path, input.params)}${encodeQuery(input.query)}${headers.join('')}`;
  return input.body === undefined ? line : `${line}\n${JSON.stringify(input.body, null, 2)}`;
}

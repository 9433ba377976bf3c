import { InputError } from '../errors.js';
import type { OperationTool, ToolDefinition } from './tool-catalog.js';
import { servedTools, whyFiltered } from './tool-filter.js';
import { auditLine, type ServeDeps, type ServeSettings, runToolCall, type ToolCallOutcome, type ToolCallRequest } from './tool-call.js';
import { failureResult, refusalResult, successResult } from './tool-result.js';

/** At most this many operations per search answer. */
export const SEARCH_LIMIT = 20;

const NAME = { type: 'string', description: 'the operation name, as search_operations gives it' };

/**
 * `--mode discover`: three tools instead of one per operation, so tools/list stays small however
 * many operations the registry holds. They see only the tools the filters serve, and a call goes
 * through the same filters, destructive gate and audit as in the default mode.
 */
export function discoverTools(served: readonly OperationTool[]): ToolDefinition[] {
  const reads = served.every((tool) => tool.op.safety === 'safe');
  const destroys = served.some((tool) => tool.op.safety === 'destructive');
  return [
    {
      name: 'search_operations',
      description: 'Find Workspace API operations by words in their name or summary; an empty query lists them all. Reads only.',
      inputSchema: {
        type: 'object',
        properties: { query: { type: 'string', description: 'words to look for, such as "email draft"' } },
        additionalProperties: false,
      },
      outputSchema: {
        type: 'object',
        properties: { result: { type: 'array', items: { type: 'object' } }, truncated: { type: 'string' } },
        required: ['result'],
      },
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    {
      name: 'describe_operation',
      description: 'Show one operation in full: what it does, its arguments (input schema), its result (output schema) and its safety. Reads only.',
      inputSchema: { type: 'object', properties: { name: NAME }, required: ['name'], additionalProperties: false },
      outputSchema: { type: 'object', properties: { result: { type: 'object' }, truncated: { type: 'string' } }, required: ['result'] },
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    {
      name: 'call_operation',
      description: 'Call one operation with its arguments, as describe_operation states them. A destructive one asks the user first.',
      inputSchema: {
        type: 'object',
        properties: { name: NAME, arguments: { type: 'object', description: "the operation's arguments" } },
        required: ['name'],
        additionalProperties: false,
      },
      outputSchema: { type: 'object', properties: { result: {}, truncated: { type: 'string' } }, required: ['result'] },
      annotations: { readOnlyHint: reads, destructiveHint: destroys, idempotentHint: false, openWorldHint: false },
    },
  ];
}

/** One call of a discover tool. */
export async function runDiscoverCall(settings: ServeSettings, deps: ServeDeps, call: ToolCallRequest): Promise<ToolCallOutcome> {
  const redact = deps.redaction.text;
  const args = (call.args ?? {}) as Record<string, unknown>;
  const answer = (decision: string, result: ReturnType<typeof successResult>): ToolCallOutcome => {
    deps.audit(auditLine(call.name, decision, 'not-sent', redact));
    return { kind: 'result', result };
  };
  try {
    switch (call.name) {
      case 'search_operations':
        return answer('allowed', successResult(search(servedTools(settings.tools, settings.filter), optionalText(args, 'query')), deps.redaction));
      case 'describe_operation': {
        const tool = servedTool(settings, requiredText(args, 'name'));
        return answer('allowed', successResult({ ...tool.tool, safety: tool.op.safety }, deps.redaction));
      }
      case 'call_operation': {
        const inner = requiredText(args, 'name');
        return runToolCall(settings, deps, { ...call, name: inner, args: args.arguments ?? {} });
      }
      default:
        return answer(
          'refused',
          refusalResult(
            {
              code: 'not-served',
              message: `in --mode discover, ${call.name} is called through call_operation`,
              retrySafe: false,
              next: `call call_operation with {"name": ${JSON.stringify(call.name)}, "arguments": {…}}; describe_operation shows its arguments`,
            },
            redact,
          ),
        );
    }
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    return answer('refused', failureResult({ category: 'invalid', message: error.message, retrySafe: true, mayHaveBeenApplied: false, attempts: 0 }, redact));
  }
}

function search(served: readonly OperationTool[], query: string | undefined): { name: string; summary: string; safety: string }[] {
  const words = (query ?? '')
    .toLowerCase()
    .split(/[\s_]+/)
    .filter(Boolean);
  const matches = served.filter((tool) => {
    const text = `${tool.id.replace(/_/g, ' ')} ${tool.op.summary}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
  return matches.slice(0, SEARCH_LIMIT).map((tool) => ({ name: tool.tool.name, summary: tool.op.summary, safety: tool.op.safety }));
}

function servedTool(settings: ServeSettings, name: string): OperationTool {
  const tool = settings.tools.find((candidate) => candidate.tool.name === name);
  if (!tool) throw new InputError(`there is no operation named ${JSON.stringify(name)}: use search_operations`);
  const filtered = whyFiltered(tool, settings.filter);
  if (filtered) throw new InputError(filtered);
  return tool;
}

function optionalText(args: Record<string, unknown>, name: string): string | undefined {
  const value = args[name];
  if (value !== undefined && typeof value !== 'string') throw new InputError(`${name} must be a string`);
  return value;
}

function requiredText(args: Record<string, unknown>, name: string): string {
  const value = optionalText(args, name);
  if (value === undefined) throw new InputError(`${name} is required`);
  return value;
}

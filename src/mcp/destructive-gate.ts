import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { OperationSpec } from '../../registry/define.js';
import { neutraliseText } from './neutralise.js';

/** What the gate decided about one call. */
export type GateDecision =
  | { kind: 'allowed' }
  /** Ask the user first: return this elicitation, and call again with the answer. */
  | { kind: 'ask'; message: string; requestState: string }
  /** Nothing sent; `retrySafe` false when the same call would be refused again, and `next` says what would change that. */
  | { kind: 'refused' | 'declined'; message: string; retrySafe: boolean; next: string };

/** An elicitation answer as the client sends it back. */
export interface ElicitAnswer {
  action?: unknown;
  content?: { confirm?: unknown } | undefined;
}

/** The one question: a boolean the user must set to send the call. */
export const CONFIRM_SCHEMA = {
  type: 'object',
  properties: { confirm: { type: 'boolean', title: 'Send this destructive request', description: 'true sends it; anything else sends nothing' } },
  required: ['confirm'],
} as const;

export interface GateInput {
  tool: string;
  op: OperationSpec;
  args: Record<string, unknown>;
  /** What will be sent, in words: method, URL path, query and body; made only when a person is asked. */
  request: string | (() => string);
  /** The client can ask its user (elicitation, form mode). */
  canAsk: boolean;
  /** `--allow-destructive`: with no way to ask, send anyway. */
  allowDestructive: boolean;
  /** The user's answer to the question asked for this very call, if this is the call again. */
  answer?: ElicitAnswer;
  /** The state returned with the question, echoed back by the client. */
  requestState?: unknown;
}

/**
 * A person decides each destructive call. When the client can ask its user, svc asks, showing what
 * will be sent, and sends only on an explicit yes for these exact arguments (the question's state is
 * a MAC of the tool and its arguments, so an answer cannot be reused for other ones). When it
 * cannot ask, svc refuses unless started with --allow-destructive. Any doubt refuses.
 */
export class DestructiveGate {
  readonly #key = randomBytes(32);

  decide(input: GateInput): GateDecision {
    if (input.op.safety !== 'destructive') return { kind: 'allowed' };
    if (!input.canAsk) {
      if (input.allowDestructive) return { kind: 'allowed' };
      return {
        kind: 'refused',
        message: `${input.tool} is destructive and this client cannot ask its user to confirm (no elicitation): svc mcp refuses it unless started with --allow-destructive`,
        retrySafe: false,
        next: `calling it again is refused the same way. Tell the user: ${input.tool} needs their confirmation, and this MCP client cannot ask for it; they can use a client that supports MCP elicitation, or restart svc mcp with --allow-destructive to send destructive calls without asking`,
      };
    }
    const state = this.#stateOf(input.tool, input.args);
    if (input.answer === undefined) return { kind: 'ask', message: questionOf(input), requestState: state };
    if (typeof input.requestState !== 'string' || !sameText(input.requestState, state)) {
      return {
        kind: 'refused',
        message: `the confirmation answered does not belong to these arguments of ${input.tool}: nothing was sent; call it again to be asked`,
        retrySafe: true,
        next: 'call it again with the same arguments: the user is asked again',
      };
    }
    const { action, content } = input.answer;
    if (action === 'accept' && content?.confirm === true) return { kind: 'allowed' };
    const how = action === 'cancel' ? 'cancelled the confirmation' : action === 'accept' ? 'did not confirm' : 'declined';
    return {
      kind: 'declined',
      message: `the user ${how}: ${input.tool} was not sent; do not call it again unless the user asks`,
      retrySafe: false,
      next: 'do not call it again unless the user asks you to',
    };
  }

  #stateOf(tool: string, args: Record<string, unknown>): string {
    return createHmac('sha256', this.#key)
      .update(`${tool}\n${canonicalJson(args)}`)
      .digest('base64url');
  }
}

function questionOf(input: GateInput): string {
  return neutraliseText(
    `${input.tool}: ${input.op.summary}. This is destructive. svc will send:\n${typeof input.request === 'string' ? input.request : input.request()}\nSend it?`,
  );
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** JSON with object keys in order, so the same arguments give the same text. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.keys(value)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
  return `{${entries.join(',')}}`;
}

import type { CallFailure } from './operation-call.js';
import { neutraliseText, neutraliseValue } from './neutralise.js';

/**
 * The largest result a tool returns, in bytes of its JSON text (about 12,000 tokens): a larger
 * answer is cut, strings first and then lists, until it fits, and `truncated` says what was cut.
 */
export const RESULT_LIMIT_BYTES = 48 * 1024;

/** A tools/call result as MCP carries it. */
export interface ToolResult {
  [key: string]: unknown;
  content: { type: 'text'; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** Redacts every known secret, in every form, from text about to leave the server. */
export type Redact = (text: string) => string;

/** The redactor as the server holds it: for text, and for a JSON value string by string. */
export interface Redaction {
  text: Redact;
  value<T>(value: T): T;
}

/** The cuts tried in turn: strings longer than `chars` keep that many, lists keep `items`. */
const CUTS: readonly { chars: number; items: number }[] = [
  { chars: 4096, items: 200 },
  { chars: 1024, items: 50 },
  { chars: 256, items: 20 },
  { chars: 64, items: 5 },
  { chars: 16, items: 1 },
  { chars: 0, items: 0 },
];

const CUT_MARK = '…[cut]';

/**
 * A successful answer: `{ result }` as structured content, the same JSON as text. Strings are
 * neutralised (invisible and bidi characters shown, not kept) and secrets redacted before anything
 * is measured or cut; the cut keeps the JSON valid and the shape the output schema states.
 */
export function successResult(
  answer: unknown,
  redaction: Redaction,
  notes: readonly string[] = [],
  applied = false,
  beside: Record<string, unknown> = {},
): ToolResult {
  const redact = redaction.text;
  const safe = redaction.value(neutraliseValue(answer));
  let text = redact(JSON.stringify({ result: safe, ...beside }));
  let truncated: string | undefined;
  const size = Buffer.byteLength(text);
  if (size > RESULT_LIMIT_BYTES) {
    const cut = cutToFit(safe, redact);
    if (!cut)
      return refusalResult(
        {
          code: 'too-large',
          message: `the call succeeded, but its result is ${size} bytes, over the ${RESULT_LIMIT_BYTES}-byte limit even when cut`,
          retrySafe: false,
          mayHaveBeenApplied: applied,
          next: applied
            ? 'it was applied: do not call it again; read back what it changed with a narrower call'
            : 'the same call gets the same answer: ask for less (fewer items, a narrower query)',
        },
        redact,
      );
    truncated = `the result was ${size} bytes, over the ${RESULT_LIMIT_BYTES}-byte limit: strings longer than ${cut.chars} characters end in "${CUT_MARK}" and lists keep their first ${cut.items} items; ask for less to see the rest`;
    text = redact(JSON.stringify({ result: cut.value, truncated, ...beside }));
  }
  const structuredContent = parseObject(text) ?? { result: safe, ...(truncated ? { truncated } : {}), ...beside };
  return {
    content: [{ type: 'text', text }, ...notes.map((note) => ({ type: 'text' as const, text: redact(`note: ${neutraliseText(note)}`) }))],
    structuredContent,
  };
}

/** The text as JSON again; undefined if a redaction mark broke it (then the value, redacted string by string, is used). */
function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

function cutToFit(value: unknown, redact: Redact): { value: unknown; chars: number; items: number } | undefined {
  for (const { chars, items } of CUTS) {
    const cut = cutValue(value, chars, items);
    const truncated = 'x'.repeat(400); // the note's size, at most
    if (Buffer.byteLength(redact(JSON.stringify({ result: cut, truncated }))) <= RESULT_LIMIT_BYTES) return { value: cut, chars, items };
  }
  return undefined;
}

function cutValue(value: unknown, chars: number, items: number): unknown {
  if (typeof value === 'string') return value.length > chars ? `${cutString(value, chars)}${CUT_MARK}` : value;
  if (value === null || typeof value !== 'object' || (JSON as unknown as { isRawJSON?: (v: unknown) => boolean }).isRawJSON?.(value)) return value;
  if (Array.isArray(value)) return value.slice(0, items).map((item) => cutValue(item, chars, items));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value))
    Object.defineProperty(out, key, { value: cutValue(item, chars, items), enumerable: true, writable: true, configurable: true });
  return out;
}

/** The first `chars` UTF-16 units, never splitting a surrogate pair. */
const cutString = (text: string, chars: number): string => (/[\ud800-\udbff]/.test(text.charAt(chars - 1)) ? text.slice(0, chars - 1) : text.slice(0, chars));

/** What an agent should do next about a failure. */
export function nextStep(failure: CallFailure): string {
  if (failure.category === 'credential' || failure.status === 401) {
    return 'the credential is missing or refused: the user runs `svc auth login` or sets SERVICE_API_KEY, then restarts svc mcp; a tool argument cannot carry one';
  }
  if (failure.category === 'config') return 'svc is not set up to reach the service: the user fixes the setting named in the message, then restarts svc mcp';
  if (failure.category === 'internal')
    return failure.mayHaveBeenApplied
      ? 'svc failed on this call after it may have been sent: check (read it back) before calling again, and tell the user the message'
      : 'svc failed on this call before sending anything: tell the user the message; other calls are still served';
  if (failure.mayHaveBeenApplied && failure.category === 'api')
    return `the service answered HTTP ${failure.status}, which does not say whether the request was applied: check (read it back) before calling again; svc did not resend it`;
  if (failure.mayHaveBeenApplied)
    return 'the request was sent and its answer lost, so it may have been applied: check (read it back) before calling again; svc did not resend it';
  if (failure.category === 'invalid' || failure.status === 400 || failure.status === 422) return 'fix the arguments named in details, then call again';
  if (failure.status === 403) return 'the credential is not allowed to do this: ask the user';
  if (failure.status === 404) return 'check the identifiers in the arguments';
  if (failure.status === 409) return 'the data changed or already exists: read it again before deciding';
  if (failure.status === 429 || (failure.status !== undefined && failure.status >= 500) || failure.category === 'network') {
    return failure.retrySafe ? 'a retry later is safe (svc already retried what its policy allows)' : 'check whether it was applied before calling again';
  }
  return failure.retrySafe ? 'calling again with the same arguments is safe' : 'check whether it was applied before calling again';
}

/** A failed call as a tool result: `isError`, with status, code, message, whether a retry is safe and what to do next. */
export function failureResult(failure: CallFailure, redact: Redact): ToolResult {
  const error = {
    ...(failure.status === undefined ? {} : { status: failure.status }),
    ...(failure.code === undefined ? {} : { code: failure.code }),
    ...(failure.type === undefined ? {} : { type: failure.type }),
    message: failure.message,
    retrySafe: failure.retrySafe,
    mayHaveBeenApplied: failure.mayHaveBeenApplied,
    attempts: failure.attempts,
    next: nextStep(failure),
    ...(failure.details === undefined ? {} : { details: failure.details }),
    ...(failure.wait === undefined ? {} : { wait: failure.wait }),
  };
  return errorText({ error: neutraliseValue(error) }, redact);
}

/**
 * A call svc itself refused, or the user declined: nothing was sent (unless `mayHaveBeenApplied`).
 * `retrySafe` is false when the same call can only be refused again, and `next` then names what
 * would change that, in words an agent can pass on to its user.
 */
export interface Refusal {
  code: string;
  message: string;
  retrySafe: boolean;
  next: string;
  mayHaveBeenApplied?: boolean;
}

export function refusalResult(refusal: Refusal, redact: Redact): ToolResult {
  const { code, message, retrySafe, next, mayHaveBeenApplied = false } = refusal;
  return errorText({ error: { code, message: neutraliseText(message), retrySafe, mayHaveBeenApplied, attempts: 0, next: neutraliseText(next) } }, redact);
}

/** The refusals of a tool that is not there to call: neither a retry nor other arguments change them. */
export const unknownTool = (name: string): Refusal => ({
  code: 'unknown-tool',
  message: `there is no tool named ${JSON.stringify(name)}`,
  retrySafe: false,
  next: 'call one of the tools that tools/list names',
});

export const notServed = (why: string): Refusal => ({
  code: 'not-served',
  message: `${why}: nothing was sent`,
  retrySafe: false,
  next: 'this server was started without this tool (its --read-only, --areas, --tools or --exclude-tools options): ask the user to restart svc mcp with options that serve it, or use another tool',
});

function errorText(value: unknown, redact: Redact): ToolResult {
  const text = redact(JSON.stringify(value));
  const size = Buffer.byteLength(text);
  const fitted = size <= RESULT_LIMIT_BYTES ? text : redact(JSON.stringify(cutValue(value, 256, 20)));
  return { content: [{ type: 'text', text: fitted }], isError: true };
}

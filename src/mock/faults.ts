import { failure } from './reply.js';

/** Header that makes one request fail on purpose; see `describeFaults` for the values. */
export const faultHeader = 'x-mock-fault';

export type Fault = { kind: 'status'; status: number; retryAfter?: number } | { kind: 'reset' } | { kind: 'malformed-json' } | { kind: 'slow'; ms: number };

/** The longest `slow=<ms>` honoured, so a typo cannot hang a test run for hours. */
export const maxSlowMs = 600_000;

/** One line per fault value, for `svc mock` to print and the README to copy. */
export const describeFaults = [
  '503 | 500 | 429 | any 4xx/5xx   answer that status with the standard error body',
  '429;retry-after=2              the same, plus a Retry-After header (seconds)',
  'reset                          drop the connection without an answer',
  'malformed-json                 answer 200 with a truncated JSON body',
  'slow=<ms>                      wait <ms> milliseconds, then answer normally',
];

/** Reads the `x-mock-fault` value; a value it does not know is refused rather than ignored. */
export function parseFault(value: string): { ok: true; fault: Fault } | { ok: false; message: string } {
  const text = value.trim().toLowerCase();
  if (text === 'reset') return { ok: true, fault: { kind: 'reset' } };
  if (text === 'malformed-json') return { ok: true, fault: { kind: 'malformed-json' } };
  const slow = /^slow=(\d+)$/.exec(text);
  if (slow) {
    const ms = Number(slow[1]);
    if (ms <= maxSlowMs) return { ok: true, fault: { kind: 'slow', ms } };
    return { ok: false, message: `x-mock-fault slow=${ms} is over the ${maxSlowMs} ms limit.` };
  }
  const status = /^([45]\d\d)(?:\s*;\s*retry-after=(\d+))?$/.exec(text);
  if (status) {
    const fault: Fault = { kind: 'status', status: Number(status[1]) };
    if (status[2] !== undefined) fault.retryAfter = Number(status[2]);
    return { ok: true, fault };
  }
  return {
    ok: false,
    message: `Unknown x-mock-fault "${value}"; use a 4xx/5xx status (429;retry-after=2), reset, malformed-json or slow=<ms>.`,
  };
}

/** What a fault answers instead of the API; `undefined` for faults that answer normally (slow) or not at all (reset). */
export function faultAnswer(fault: Fault): { status: number; headers: Record<string, string>; text: string } | undefined {
  const json = { 'content-type': 'application/json' };
  if (fault.kind === 'malformed-json') return { status: 200, headers: json, text: '{"ok": tru' };
  if (fault.kind !== 'status') return undefined;
  const reply = failure(fault.status, `Fault injected by the ${faultHeader} header: ${fault.status}.`);
  const headers: Record<string, string> = fault.retryAfter === undefined ? json : { ...json, 'retry-after': String(fault.retryAfter) };
  return { status: fault.status, headers, text: JSON.stringify(reply.body) };
}

/** The most faults one call may queue, so a typo cannot break the mock for the rest of a session. */
export const maxQueuedFaults = 1000;

/**
 * Faults queued for the next API requests, one each, in order: the server-side way to fault a
 * request (`server.injectFaults('503', 2)`, `POST /_mock/faults`), for clients that cannot add
 * the `x-mock-fault` header, such as the real svc in end-to-end tests.
 */
export function createFaultQueue() {
  const queue: Fault[] = [];
  return {
    /** Queues `count` copies of a fault value; returns why it cannot, or undefined. */
    push(value: string, count = 1): string | undefined {
      const parsed = parseFault(value);
      if (!parsed.ok) return parsed.message;
      if (!Number.isInteger(count) || count < 1 || count > maxQueuedFaults) return `count must be a whole number from 1 to ${maxQueuedFaults}, got ${count}.`;
      for (let i = 0; i < count; i++) queue.push(parsed.fault);
      return undefined;
    },
    next: (): Fault | undefined => queue.shift(),
    get size(): number {
      return queue.length;
    },
    clear(): void {
      queue.length = 0;
    },
  };
}

export type FaultQueue = ReturnType<typeof createFaultQueue>;

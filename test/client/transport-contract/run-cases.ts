// Runs the transport contract's requests through one transport and says what came of each: the
// same code under Node (the undici transport, in the test's process) and under Bun (the node:http
// transport, in on-bun.ts). No test framework here: Bun runs this file as it is.
import { type Transport, TransportError } from '../../../src/client/transport.js';

/** One request of the contract, as data (it crosses to the Bun process as JSON). */
export interface ContractRequest {
  method?: string;
  url: string;
  headers?: Record<string, string>;
  body?: string;
  timeoutMs?: number;
  /** The caller's signal aborts this long after the request starts. */
  abortAfterMs?: number;
  /** The caller's signal has aborted before the request starts. */
  abortedBefore?: boolean;
  /** Wait this long after the request before, on the same transport. */
  pauseBeforeMs?: number;
}

export interface ContractCase {
  name: string;
  requests: ContractRequest[];
  /** The requests are sent all at once (else one after the other, on one transport). */
  together?: boolean;
  /** The transport's connection limit. */
  connections?: number;
}

/** What came of one request: an answer's status and body, or a TransportError's kind and whether it was sent. */
export interface Outcome {
  status?: number;
  body?: string;
  kind?: string;
  sent?: boolean;
  message?: string;
}

/** A response cap far below the transports' 64 MiB, so a body over it costs the test little. */
export const CONTRACT_MAX_BYTES = 1024 * 1024;

export type TransportFactory = (options: { maxResponseBytes: number; connections?: number }) => Transport;

/** Each case through a transport of its own, in turn; the outcomes of its requests, by case name. */
export async function runCases(cases: ContractCase[], create: TransportFactory): Promise<Record<string, Outcome[]>> {
  const outcomes: Record<string, Outcome[]> = {};
  for (const test of cases) {
    const send = create({ maxResponseBytes: CONTRACT_MAX_BYTES, ...(test.connections ? { connections: test.connections } : {}) });
    if (test.together) outcomes[test.name] = await Promise.all(test.requests.map((request) => sendOne(send, request)));
    else {
      const results: Outcome[] = [];
      for (const request of test.requests) results.push(await sendOne(send, request));
      outcomes[test.name] = results;
    }
  }
  return outcomes;
}

async function sendOne(send: Transport, request: ContractRequest): Promise<Outcome> {
  if (request.pauseBeforeMs) await new Promise((resolve) => setTimeout(resolve, request.pauseBeforeMs));
  const controller = new AbortController();
  if (request.abortedBefore) controller.abort();
  const timer = request.abortAfterMs === undefined ? undefined : setTimeout(() => controller.abort(), request.abortAfterMs);
  try {
    const { method = 'GET', url, headers = {}, body, timeoutMs } = request;
    const response = await send({
      method,
      url,
      headers,
      ...(body === undefined ? {} : { body }),
      ...(timeoutMs ? { timeoutMs } : {}),
      signal: controller.signal,
    });
    return { status: response.status, body: response.body };
  } catch (error) {
    if (!(error instanceof TransportError)) return { kind: 'not a TransportError', message: String(error) };
    return { kind: error.kind, sent: error.sent, message: error.message };
  } finally {
    clearTimeout(timer);
  }
}

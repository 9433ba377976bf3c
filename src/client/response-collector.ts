import type { Dispatcher } from 'undici';
import type { RequestDeadline } from './request-deadline.js';
import { announcedTooLarge, tooLarge } from './transport-failures.js';

/** An answer read whole: status, headers (lower-case names, repeated ones joined) and body bytes. */
export interface CollectedResponse {
  status: number;
  headers: Record<string, string>;
  bytes: Buffer;
}

/** Refuses an answer by its status and headers before its body is read (a proxy's 407). */
export type Refusal = (status: number, headers: Record<string, string>) => Error | undefined;

/** The part of undici's request controller the collector uses. */
interface Controller {
  abort(reason: Error): void;
}

/**
 * One request sent through undici's `dispatch`, its answer gathered in memory. Not undici's
 * `request()`: that wraps each answer in a Readable stream (with an async resource and an abort
 * listener) only for svc to read it whole at once, which cost a batch more CPU per call than the
 * rest of the exchange. undici still parses, checks Content-Length and pools sockets.
 *
 * `written`: whether undici wrote the request to a connection, as undici itself reports it: it
 * calls `onRequestSent` once it has handed the headers and body to the socket (svc's
 * bodies are in memory: one synchronous step); an answer that began or a body chunk sent count too.
 * Until then nothing of the request has left the machine, however long it waited for a connection.
 */
export class ResponseCollector {
  written = false;
  private controller: Controller | null = null;
  private status = 0;
  private headers: Record<string, string> = {};
  private chunks: Buffer[] = [];
  private size = 0;
  private settled = false;
  private resolve!: (response: CollectedResponse) => void;
  private reject!: (error: Error) => void;
  /**
   * The deadline or the caller ended the request. Not yet written, it fails at once: undici acts on
   * an abort only once the request reaches a connection, and one still connecting (a slow connect,
   * a TLS handshake that never finishes) would wait for that; it is never written later.
   */
  private readonly onAbort = () => {
    const reason = abortError();
    if (!this.written) this.onResponseError(null, reason);
    this.controller?.abort(reason);
  };

  constructor(
    private readonly deadline: RequestDeadline,
    private readonly maxBytes: number,
    private readonly refuse: Refusal | undefined,
  ) {}

  send(dispatcher: Dispatcher, options: Dispatcher.DispatchOptions): Promise<CollectedResponse> {
    return new Promise((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
      if (this.deadline.aborted) return this.onAbort();
      this.deadline.addEventListener('abort', this.onAbort);
      try {
        dispatcher.dispatch(options, this as unknown as Dispatcher.DispatchHandler);
      } catch (error) {
        this.onResponseError(null, error as Error);
      }
    });
  }

  onRequestStart(controller: Controller): void {
    // Aborted before undici started it: cut off before a byte is written.
    if (this.deadline.aborted) controller.abort(abortError());
    else this.controller = controller;
  }

  onRequestSent(): void {
    this.written = true;
  }

  onBodySent(): void {
    this.written = true;
  }

  onResponseStart(controller: Controller, status: number, headers: Record<string, string | string[] | undefined>): void {
    this.written = true;
    if (status < 200) return; // an informational answer; the real one follows
    const flat = flattenHeaders(headers);
    const declared = Number(flat['content-length']);
    if (declared > this.maxBytes) return controller.abort(announcedTooLarge(this.maxBytes, declared)); // refused before a byte of it is read
    const refusal = this.refuse?.(status, flat);
    if (refusal) return controller.abort(refusal);
    this.status = status;
    this.headers = flat;
  }

  onResponseData(controller: Controller, chunk: Buffer): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) controller.abort(tooLarge(this.maxBytes, ''));
    else this.chunks.push(chunk);
  }

  onResponseEnd(): void {
    if (this.settled) return;
    const { chunks } = this;
    this.settle();
    this.resolve({ status: this.status, headers: this.headers, bytes: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks) });
  }

  onResponseError(_controller: unknown, error: Error): void {
    if (this.settled) return;
    this.settle();
    this.reject(error);
  }

  private settle(): void {
    this.settled = true;
    this.chunks = [];
    this.deadline.removeEventListener('abort', this.onAbort);
  }
}

const abortError = (): Error => Object.assign(new Error('This operation was aborted'), { name: 'AbortError', code: 'ABORT_ERR' });

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const name in headers) {
    const value = headers[name];
    if (value !== undefined) flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

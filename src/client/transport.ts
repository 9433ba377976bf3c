/** What leaves the machine: one HTTP request, fully built. */
export interface HttpRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** Whole-request deadline, in milliseconds. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** What came back. `body` is the raw text; decoding is the caller's business. */
export interface HttpResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends one request. Network faults reject with a TransportError; any status resolves. */
export type Transport = (request: HttpRequest) => Promise<HttpResponse>;

export type TransportFailure = 'timeout' | 'refused' | 'reset' | 'network' | 'too-large' | 'aborted';

/** A request that got no complete HTTP answer. `sent` says whether any byte may have reached the server. */
export class TransportError extends Error {
  constructor(
    readonly kind: TransportFailure,
    message: string,
    readonly sent: boolean,
  ) {
    super(message);
    this.name = 'TransportError';
  }
}

import type { Dispatcher } from 'undici';

type Handler = Dispatcher.DispatchHandler;
type Controller = Dispatcher.DispatchController;
type Headers = Parameters<NonNullable<Handler['onResponseStart']>>[2];

/**
 * Whether a request was written to a connection, as undici itself reports it (issue #17). undici
 * calls a dispatch handler's `onRequestSent` as soon as it has handed the request's headers and body
 * to the socket: svc sends bodies held in memory, which undici writes in one synchronous step with
 * the headers. Until then nothing of the request has left the machine, however long it waited for a
 * connection (svc's own queue, undici's, connecting, TLS). An answer that began (`onResponseStart`)
 * or a body chunk written (`onBodySent`) count too. Everything else is passed through unchanged to
 * the handler undici's `request()` made.
 */
export class WrittenWatch implements Handler {
  written = false;
  private inner!: Handler;

  /** A dispatcher for undici's `request()`: it sends through `dispatcher`, with this watch around its handler. */
  around(dispatcher: Dispatcher): Dispatcher {
    const dispatch = (options: Dispatcher.DispatchOptions, handler: Handler): boolean => {
      this.inner = handler;
      return dispatcher.dispatch(options, this);
    };
    return { dispatch } as unknown as Dispatcher;
  }

  onRequestStart(controller: Controller, context: unknown): void {
    this.inner.onRequestStart?.(controller, context);
  }

  onRequestUpgrade(controller: Controller, statusCode: number, headers: Headers, socket: Parameters<NonNullable<Handler['onRequestUpgrade']>>[3]): void {
    this.inner.onRequestUpgrade?.(controller, statusCode, headers, socket);
  }

  onBodySent(chunk: Buffer): void {
    this.written = true;
    this.inner.onBodySent?.(chunk);
  }

  onRequestSent(): void {
    this.written = true;
    this.inner.onRequestSent?.();
  }

  onResponseStart(controller: Controller, statusCode: number, headers: Headers, statusMessage?: string): void {
    this.written = true;
    this.inner.onResponseStart?.(controller, statusCode, headers, statusMessage);
  }

  onResponseStarted(): void {
    this.inner.onResponseStarted?.();
  }

  onResponseData(controller: Controller, chunk: Buffer): void {
    this.inner.onResponseData?.(controller, chunk);
  }

  onResponseEnd(controller: Controller, trailers: Headers): void {
    this.inner.onResponseEnd?.(controller, trailers);
  }

  onResponseError(controller: Controller, error: Error): void {
    this.inner.onResponseError?.(controller, error);
  }
}

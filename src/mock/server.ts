import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { getResponse, type HttpHandler } from 'msw';
import { answerControl, controlPrefix } from './control-routes.js';
import { readIncoming, toFetchRequest, writeReply, writeResponse, writeText, type Incoming, type RecordedRequest } from './exchange.js';
import { createFaultQueue, type Fault, faultAnswer, faultHeader, type FaultQueue, parseFault } from './faults.js';
import type { Fixtures } from './fixture-schema.js';
import { builtInFixtures } from './fixtures.js';
import { registry } from '../../registry/index.js';
import type { Operations } from '../../registry/define.js';
import { answerUnknownRoute, createHandlers, toResponse } from './handlers.js';
import { failure } from './reply.js';
import { recordRequest } from './request-log.js';
import { answerUndefinedRoute, createRouteTable, type RouteMatch } from './routes.js';
import { changeDraft, createMockStore, type MockStore } from './state.js';
import type { SyncAfter } from './draft-sync.js';
import { MOCK_API_KEY } from '../mock-key.js';

export type { RecordedRequest } from './exchange.js';

export interface MockServerOptions {
  /** Default 0: a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default `svc_mock_key`; any `svc_agent_` token is accepted too. */
  apiKey?: string;
  /** Default: the built-in fixtures. */
  fixtures?: Fixtures;
  /** Added before every API answer. */
  latencyMs?: number;
  /** Serve lists in pages of this many items, linked by `Link: rel="next"` headers; whole lists when absent. */
  pageSize?: number;
  /** When a pending draft syncs: after reads, after a time, or never (default: two reads answer pending). */
  syncAfter?: SyncAfter;
  /**
   * The operations served; default the registry's. `svc mock` gives the areas added to the profile
   * too (svc areas add): with no behaviour of their own, they answer with generated values.
   */
  operations?: Operations;
}

export interface MockServer {
  /** Base URL of the API, ending in `/v1`, e.g. `http://127.0.0.1:4567/v1`. */
  url: string;
  origin: string;
  apiKey: string;
  /**
   * The most recent API requests (up to 1000), in order, recorded before faults are applied; each
   * says whether its token was accepted, and bodies are cut to 64 KiB (src/mock/request-log.ts).
   */
  requests: RecordedRequest[];
  /** A JSON snapshot of the workspace state. */
  state(): unknown;
  /** State back to the fixtures; the request log and the fault queue are emptied. */
  reset(): void;
  /**
   * Faults the next `count` API requests (default 1) as the `x-mock-fault` value would, whatever
   * headers they carry; a request with the header uses its own. Throws on a value the header refuses.
   */
  injectFaults(fault: string, count?: number): void;
  close(): Promise<void>;
}

const maxBodyBytes = 1024 * 1024;

/**
 * Starts the local, stateful Workspace API on node:http, answering through the registry's msw
 * handlers. Resolves once it listens; rejects with the listen error (EADDRINUSE, say).
 */
export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const apiKey = options.apiKey ?? MOCK_API_KEY;
  const store = createMockStore(options.fixtures ?? builtInFixtures, options.syncAfter);
  const requests: RecordedRequest[] = [];
  const closing = new AbortController();
  const faults = createFaultQueue();
  const reset = (): void => {
    store.reset();
    faults.clear();
    requests.length = 0; // the same array: tests hold on to `server.requests`
  };
  const context: ServingContext = {
    store,
    apiKey,
    requests,
    reset,
    faults,
    origin: '',
    handlers: [],
    latencyMs: options.latencyMs ?? 0,
    closing: closing.signal,
    routes: createRouteTable(Object.values(options.operations ?? registry)),
  };
  const server = createServer({ keepAlive: true }, (req, res) => {
    serve(req, res, context).catch((error: unknown) => answerCrash(res, error));
  });
  await listen(server, options.port ?? 0, options.host ?? '127.0.0.1');
  const { address, port } = server.address() as AddressInfo;
  context.origin = `http://${address.includes(':') ? `[${address}]` : address}:${port}`;
  context.handlers = createHandlers(store, {
    apiKey,
    baseUrl: `${context.origin}/v1`,
    ...(options.pageSize ? { pageSize: options.pageSize } : {}),
    ...(options.operations ? { operations: options.operations } : {}),
  });
  return {
    url: `${context.origin}/v1`,
    origin: context.origin,
    apiKey,
    requests,
    state: () => store.snapshot(),
    reset,
    injectFaults(fault, count = 1) {
      const refused = faults.push(fault, count);
      if (refused) throw new Error(refused);
    },
    close: () => closeServer(server, closing),
  };
}

interface ServingContext {
  store: MockStore;
  apiKey: string;
  requests: RecordedRequest[];
  reset(): void;
  faults: FaultQueue;
  /** Known once listening: the port may be chosen by the system. */
  origin: string;
  handlers: HttpHandler[];
  latencyMs: number;
  closing: AbortSignal;
  routes(method: string, pathname: string): RouteMatch;
}

async function serve(req: IncomingMessage, res: ServerResponse, context: ServingContext): Promise<void> {
  const incoming = await readIncoming(req, maxBodyBytes);
  if (incoming.path.startsWith(controlPrefix)) {
    const target = {
      apiKey: context.apiKey,
      snapshot: () => context.store.snapshot(),
      changeDraft: (id: string, fields: Record<string, unknown>, fail: boolean) => changeDraft(context.store, id, fields, fail),
      requests: context.requests,
      reset: context.reset,
      faults: context.faults,
    };
    return writeReply(res, answerControl(incoming, target));
  }
  recordRequest(context.requests, incoming, context.apiKey);
  if (incoming.tooLarge) return writeReply(res, failure(413, `The request body is over the ${maxBodyBytes}-byte limit.`));
  const fault = readFault(incoming, context.faults);
  if (fault && !fault.ok) return writeReply(res, failure(400, fault.message, { code: 'invalid_fault' }));
  if (fault?.fault.kind === 'reset') {
    req.socket.destroy();
    return;
  }
  const waitMs = context.latencyMs + (fault?.fault.kind === 'slow' ? fault.fault.ms : 0);
  if (!(await pause(waitMs, context.closing))) return;
  // Faults answer in place of the API, before any behaviour runs, so a faulted write changes nothing.
  const faulted = fault ? faultAnswer(fault.fault) : undefined;
  if (faulted) return writeText(res, faulted.status, faulted.headers, faulted.text);
  return answerApi(res, incoming, context);
}

async function answerApi(res: ServerResponse, incoming: Incoming, context: ServingContext): Promise<void> {
  // Only origin-form targets ("/v1/..."); an absolute URL or "*" is not a request for this service.
  if (!incoming.path.startsWith('/')) return writeReply(res, failure(400, `The request target "${incoming.path}" is not a path.`));
  // A method or path no operation takes is answered here, before msw and the Fetch API see it.
  const pathname = incoming.path.split('?')[0]!;
  const match = context.routes(incoming.method, pathname);
  if (match.kind !== 'operation')
    return writeReply(res, answerUndefinedRoute(match, incoming.method, pathname, incoming.headers.authorization, context.apiKey));
  const request = toFetchRequest(incoming, context.origin);
  const response = await getResponse(context.handlers, request);
  await writeResponse(res, response ?? toResponse(answerUnknownRoute(request, context.apiKey)));
}

/** The header's fault, else the next queued one. */
function readFault(incoming: Incoming, queue: FaultQueue): ReturnType<typeof parseFault> | undefined {
  const value = incoming.headers[faultHeader];
  if (value !== undefined) return parseFault(value);
  const queued: Fault | undefined = queue.next();
  return queued && { ok: true, fault: queued };
}

/** Waits, unless the server closes first; false means stop, the connection is going away. */
async function pause(ms: number, closing: AbortSignal): Promise<boolean> {
  if (ms <= 0) return !closing.aborted;
  try {
    await sleep(ms, undefined, { signal: closing });
    return true;
  } catch {
    return false;
  }
}

function answerCrash(res: ServerResponse, error: unknown): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  // A bug in the mock, never a request's fault: still the API's error shape.
  writeReply(res, failure(500, `The mock could not answer this request: ${error instanceof Error ? error.message : String(error)}`));
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

// Idle keep-alive sockets would hold close() open until they time out; tests must not hang on them.
function closeServer(server: Server, closing: AbortController): Promise<void> {
  if (!server.listening) return Promise.resolve();
  closing.abort();
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}

import { afterAll, beforeEach } from 'vitest';
import { startMockServer, type MockServer, type MockServerOptions } from '../../src/mock/server.js';

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: any;
}

export interface CallOptions {
  body?: unknown;
  /** Sent verbatim, so a test can send malformed JSON. */
  rawBody?: string;
  /** `null` sends no Authorization header. Default: the server's API key. */
  token?: string | null;
  headers?: Record<string, string>;
}

export interface MockSession {
  server(): MockServer;
  /** Calls `origin + path` (path such as `/v1/files`) with plain fetch. */
  call(method: string, path: string, options?: CallOptions): Promise<Answer>;
  state(): Promise<any>;
}

/** One mock per test file, reset before each test so tests do not see each other's writes. */
export function useMockSession(options: MockServerOptions = {}): MockSession {
  let server: MockServer | undefined;
  const current = (): MockServer => {
    if (!server) throw new Error('the mock server is not started');
    return server;
  };
  beforeEach(async () => {
    server ??= await startMockServer({ port: 0, ...options });
    server.reset();
  });
  afterAll(async () => server?.close());
  const call = async (method: string, path: string, opts: CallOptions = {}): Promise<Answer> => {
    const token = opts.token === undefined ? current().apiKey : opts.token;
    const headers: Record<string, string> = { ...opts.headers };
    if (token !== null) headers.authorization = `Bearer ${token}`;
    let body = opts.rawBody;
    if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] = 'application/json';
    }
    const response = await fetch(current().origin + path, { method, headers, body: body ?? null });
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, text, json };
  };
  return { server: current, call, state: async () => (await call('GET', '/_mock/state')).json };
}

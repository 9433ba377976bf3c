import type { Context } from '../../src/cli/context.js';
import type { HttpRequest, HttpResponse } from '../../src/client/transport.js';
import type { ConfigStore, ProfileSettings } from '../../src/config/store.js';

export type Responder = (request: HttpRequest) => HttpResponse | Promise<HttpResponse>;

export const json = (status: number, body: unknown, headers: Record<string, string> = {}): HttpResponse => ({
  status,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

/** What a test compares of a request that left: method, URL, JSON body and bearer header. */
export const sentRequest = (request: HttpRequest) => ({
  method: request.method,
  url: request.url,
  body: request.body === undefined ? undefined : (JSON.parse(request.body) as unknown),
  authorization: request.headers.authorization,
  contentType: request.headers['content-type'],
});

/** A config store in memory, for tests that must not touch a file. */
export function createMemoryStore(initial: Record<string, ProfileSettings> = {}): ConfigStore {
  const profiles: Record<string, ProfileSettings> = Object.assign(Object.create(null) as object, structuredClone(initial));
  return {
    path: '/memory/config.json',
    profile: (name) => (Object.hasOwn(profiles, name) ? { ...profiles[name] } : {}),
    profileNames: () => Object.keys(profiles).sort(),
    async updateProfile(name, change) {
      const current = Object.hasOwn(profiles, name) ? { ...profiles[name] } : {};
      const kept = Object.fromEntries(Object.entries(change(current)).filter(([, v]) => v !== undefined));
      if (Object.keys(kept).length === 0) delete profiles[name];
      else profiles[name] = kept;
      return [];
    },
  };
}

export interface FakeOptions {
  env?: Record<string, string | undefined>;
  respond?: Responder;
  stdin?: string;
  tty?: boolean;
  answers?: string[];
  profiles?: Record<string, ProfileSettings>;
}

/** A Context whose world is in memory: what was printed, what was sent, what was asked. */
export function createFakeContext(options: FakeOptions = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const requests: HttpRequest[] = [];
  const prompts: string[] = [];
  const waits: number[] = [];
  const answers = [...(options.answers ?? [])];
  const store = createMemoryStore(options.profiles);
  const tty = options.tty ?? false;
  const ctx: Context = {
    io: {
      out: (text) => void out.push(text),
      err: (text) => void err.push(text),
      stdoutIsTTY: tty,
      stderrIsTTY: tty,
      stdinIsTTY: tty,
      columns: 80,
      stdin: async () => options.stdin ?? '',
      async *stdinChunks() {
        if (options.stdin) yield Buffer.from(options.stdin);
      },
      prompt: async (question) => {
        prompts.push(question);
        return answers.shift() ?? '';
      },
    },
    env: { SERVICE_BASE_URL: 'http://127.0.0.1:4010/v1', SERVICE_API_KEY: 'sk_test_1234567890', ...options.env },
    send: async (request) => {
      requests.push(request);
      if (!options.respond) throw new Error('this test expected no request to be sent');
      return options.respond(request);
    },
    config: async () => store,
    // Retry waits are recorded, not waited: a test of four attempts takes no time.
    clock: { now: () => Date.parse('2026-01-01T00:00:00Z'), sleep: async (ms) => void waits.push(ms), random: () => 0.5 },
  };
  return { ctx, requests, prompts, waits, store, out: () => out.join(''), err: () => err.join('') };
}

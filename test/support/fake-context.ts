import type { Context, UserFiles } from '../../src/core/context.js';
import { processFiles } from '../../src/core/process-files.js';
import { InputError } from '../../src/errors.js';
import { uncertainPathOf } from '../../src/batch/options.js';
import type { HttpRequest, HttpResponse } from '../../src/client/transport.js';
import type { ConfigStore, ProfileSettings } from '../../src/config/store.js';
import { type Keyring, KeyringUnavailable } from '../../src/auth/keyring.js';

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
export function createMemoryStore(initial: Record<string, ProfileSettings> = {}, initialAliases: Record<string, string> = {}): ConfigStore {
  let aliases: Record<string, string> = Object.assign(Object.create(null) as object, initialAliases);
  const profiles: Record<string, ProfileSettings> = Object.assign(Object.create(null) as object, structuredClone(initial));
  return {
    path: '/memory/config.json',
    profile: (name) => (Object.hasOwn(profiles, name) ? { ...profiles[name] } : {}),
    profileNames: () => Object.keys(profiles).sort(),
    notices: () => [],
    async updateProfile(name, change) {
      const current = Object.hasOwn(profiles, name) ? { ...profiles[name] } : {};
      const kept = Object.fromEntries(Object.entries(change(current)).filter(([, v]) => v !== undefined));
      if (Object.keys(kept).length === 0) delete profiles[name];
      else profiles[name] = kept;
      return [];
    },
    aliases: () => ({ ...aliases }),
    async updateAliases(change) {
      aliases = change({ ...aliases });
      return [];
    },
  };
}

/**
 * The user's files in memory, by path (gh's test IOStreams): what a command reads (`--body @f`,
 * `--input`, `--fixtures`) and what it writes (`--rejects`, `--save-html`), with no disk.
 */
export function createMemoryFiles(initial: Record<string, string> = {}) {
  const files = new Map(Object.entries(initial));
  const read = (path: string): string => {
    const text = files.get(path);
    if (text === undefined) throw new InputError(`cannot read ${path}: no such file`);
    return text;
  };
  const doors: UserFiles = {
    readText: async (path, maxBytes) => {
      const text = read(path);
      if (Buffer.byteLength(text) > maxBytes) throw new InputError(`${path} is over the ${maxBytes} bytes limit`);
      return text;
    },
    openInput: async (path) => {
      const bytes = Buffer.from(read(path));
      const chunks = (async function* () {
        if (bytes.length > 0) yield bytes;
      })();
      return { chunks, size: bytes.length, identity: undefined, close: () => {} };
    },
    openRejects: async (path, header, _guarded, apart) => {
      const uncertainPath = apart ? uncertainPathOf(path) : path;
      const append = (to: string, raw: string) => files.set(to, (files.get(to) ?? '') + (/[\r\n]$/.test(raw) ? raw : `${raw}\n`));
      for (const to of new Set([path, uncertainPath])) {
        files.set(to, '');
        if (header !== undefined) append(to, header);
      }
      return {
        add: (raw, uncertain) => void (raw !== '' && append(uncertain ? uncertainPath : path, raw)),
        ...(apart ? { uncertainPath } : {}),
        close: () => {},
      };
    },
    prepareWrite: async (path) => (text) => void files.set(path, text),
    writeNew: async (path, text) => !files.has(path) && (files.set(path, text), true),
  };
  return { doors, file: (path: string) => files.get(path) };
}

/**
 * A system keyring in memory, so no test reaches the machine's own; `unavailable` makes every use
 * fail as an unreachable keyring does (a container without D-Bus).
 */
export function createMemoryKeyring(options: { unavailable?: string } = {}): Keyring & { tokens: Map<string, string> } {
  const tokens = new Map<string, string>();
  const usable = () => {
    if (options.unavailable !== undefined) throw new KeyringUnavailable(options.unavailable);
  };
  return {
    tokens,
    read: async (profile) => (usable(), tokens.get(profile)),
    write: async (profile, token) => void (usable(), tokens.set(profile, token)),
    remove: async (profile) => (usable(), tokens.delete(profile)),
  };
}

export interface FakeOptions {
  /** The system keyring; one in memory when absent. */
  keyring?: Keyring;
  env?: Record<string, string | undefined>;
  respond?: Responder;
  stdin?: string;
  tty?: boolean;
  /** The terminal's width, on stdout and stderr (80 when absent). */
  columns?: number;
  answers?: string[];
  profiles?: Record<string, ProfileSettings>;
  /** The user's files, by path, in memory; the disk (in the test's temp folder) when absent. */
  files?: Record<string, string>;
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
  const keyring = options.keyring ?? createMemoryKeyring();
  const tty = options.tty ?? false;
  const files = options.files ? createMemoryFiles(options.files) : { doors: processFiles, file: () => undefined };
  const ctx: Context = {
    io: {
      out: (text) => void out.push(text),
      err: (text) => void err.push(text),
      stdoutIsTTY: tty,
      stderrIsTTY: tty,
      stdinIsTTY: tty,
      columns: options.columns ?? 80,
      ...(tty ? { stderrColumns: options.columns ?? 80 } : {}),
      stdin: async (maxBytes) => {
        if (Buffer.byteLength(options.stdin ?? '') > maxBytes) throw new InputError(`standard input is over the ${maxBytes} bytes limit`);
        return options.stdin ?? '';
      },
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
    keyring: async () => keyring,
    files: files.doors,
    // Retry waits are recorded, not waited: a test of four attempts takes no time.
    clock: { now: () => Date.parse('2026-01-01T00:00:00Z'), sleep: async (ms) => void waits.push(ms), random: () => 0.5 },
  };
  return { ctx, requests, prompts, waits, store, keyring, file: files.file, out: () => out.join(''), err: () => err.join('') };
}

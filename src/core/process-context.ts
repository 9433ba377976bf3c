import type { HttpRequest, Transport } from '../client/transport.js';
import type { ConfigStore } from '../config/store.js';
import { exitCodeOfSignal, Interruption, STOP_SIGNALS } from '../interruption.js';
import type { Context, IO } from './context.js';
import { processFiles } from './process-files.js';

/**
 * A front-end's standard streams, made from the process: `exit` ends the process (only for a fault
 * too late to report), `stopSignal` is the first stop signal's (a prompt ends on it).
 */
export type OpenProcessIO = (exit: (code: number) => never, stopSignal: () => AbortSignal) => IO;

/**
 * Wires the real world into a Context once, for any front-end; everything below receives it. The
 * front-end brings its standard streams (the CLI's terminal, src/cli/cli-context.ts).
 */
export function createProcessContext(openIO: OpenProcessIO): Context {
  let interrupt: StopSignals | undefined;
  let store: Promise<ConfigStore> | undefined;
  // The one place svc ends the process itself (a third stop signal, standard output failing after
  // the command returned): the process's own wiring, never a command, which returns its exit code
  // for bin/svc.cjs to set.
  const exit = (code: number): never => process.exit(code);
  const stopSignals = () => (interrupt ??= abortOnStopSignals(exit));
  const stopSignal = () => stopSignals().stop.signal;
  return {
    io: openIO(exit, stopSignal),
    env: process.env,
    ...processTransports(),
    files: processFiles,
    config: () => (store ??= import('../config/config-file.js').then((file) => file.openConfigStore(process.env))),
    // Made when a command first asks (a request, a prompt, svc mock): until then a signal just ends
    // the process (exit 128 + its number), and help and usage errors skip loading AbortController (~1 ms).
    get signal() {
      return stopSignal();
    },
    get hurry() {
      const signals = stopSignals();
      signals.hurryHeard = true;
      return signals.hurry.signal;
    },
  };
}

/** The parser tiering module, once a transport for many answers has loaded it (V8's flags are the process's, not a context's). */
let tiering: typeof import('../client/parser-tiering.js') | undefined;

/**
 * Puts back what a run changed in the process itself, once its command has ended: V8's tiering flag
 * (src/client/parser-tiering.ts), so the code cache bin/run-cli.cjs then makes carries the flags a
 * fresh process has. One made under other flags would be refused, and made again, by every run.
 */
export function settleProcess(): void {
  tiering?.releaseParser();
}

/**
 * undici's transport, its HTTP parser kept on baseline code (src/client/parser-tiering.ts) before it
 * first compiles. The Node built-ins the call will load come first: V8 refuses every code cache
 * made under other flags, Node's own included, so a built-in loaded after the flag changes is
 * compiled from its source. node:http, which undici's first Client reads its header limit from
 * (scripts/build/lazy-undici.mjs), and node:tls when `first` (the first request) goes over TLS:
 * node:tls and node:crypto compiled from source were about 50 million instructions, 15% of a
 * call over HTTPS.
 */
async function loadTransport(first: HttpRequest, options?: { connections: number }): Promise<Transport> {
  const [module, parser] = await Promise.all([
    import('../client/undici-transport.js'),
    import('../client/parser-tiering.js'),
    import('node:http'),
    needsTls(first) ? import('node:tls') : undefined,
  ]);
  (tiering = parser).keepParserOnBaseline();
  return module.createUndiciTransport(options);
}

/**
 * The transport for calls made one at a time (a command's call, its retries, a wait's polls, an MCP
 * tool's call). On Bun (the standalone binary), Bun's own node:http client, which Bun implements
 * natively: undici's WebAssembly parser and JavaScript were a third of the binary's peak memory
 * for one call (src/client/node-http-transport.ts; it hands a request through a proxy to undici).
 * A pool for many calls (a batch, --paginate) keeps undici on Bun too: through node:http a
 * 10,000-line batch took 40% more CPU (docs/performance.md, "The standalone binary's peak memory").
 */
async function loadSingleTransport(first: HttpRequest): Promise<Transport> {
  if (process.versions.bun === undefined) return loadTransport(first);
  return (await import('../client/node-http-transport.js')).createNodeHttpTransport();
}

/** Whether a request goes over TLS: to an https URL, through an https proxy, or with the system's CAs. */
const needsTls = (request: HttpRequest): boolean => request.systemCa === true || /^https:/i.test(request.url) || /^https:/i.test(request.proxy ?? '');

/** undici loads on the first request only, so help and usage errors never pay for it. */
function processTransports(): Pick<Context, 'send' | 'createTransport'> {
  let transport: Transport | undefined;
  return {
    // One answer with a dozen headers, as real services send, is enough for V8 to tier the parser up
    // and the process to wait for it at exit (0.1 s idle, over a second loaded): a single call keeps
    // the parser on baseline code too, for node:v8's load (under a millisecond).
    send: async (request) => {
      transport ??= await loadSingleTransport(request);
      return transport(request);
    },
    // A batch's pool, or --paginate's: once loaded, each request goes straight to it, not through
    // another promise. Its HTTP parser stays on baseline code, so the process ends when its work does.
    createTransport: ({ connections }) => {
      let pool: Transport | undefined;
      let loading: Promise<Transport> | undefined;
      const load = (first: HttpRequest) => (loading ??= loadTransport(first, { connections }).then((loaded) => (pool = loaded)));
      return (request) => (pool ? pool(request) : load(request).then((loaded) => loaded(request)));
    },
  };
}

interface StopSignals {
  stop: AbortController;
  hurry: AbortController;
  /** A command asked for `hurry`: a second signal is for it, not an exit. */
  hurryHeard: boolean;
}

/**
 * The first stop signal (Ctrl-C, SIGTERM, SIGHUP) aborts `stop`, with an Interruption as the
 * reason, so every command ends the same orderly way. A second one aborts `hurry` when a command
 * asked for it (a draining batch abandons its calls in flight, yet records them); otherwise, and
 * at a third, svc exits at once.
 */
function abortOnStopSignals(exit: (code: number) => never): StopSignals {
  const signals: StopSignals = { stop: new AbortController(), hurry: new AbortController(), hurryHeard: false };
  for (const name of STOP_SIGNALS) {
    process.on(name, () => {
      if (!signals.stop.signal.aborted) return signals.stop.abort(new Interruption(name));
      if (signals.hurry.signal.aborted || !signals.hurryHeard) exit(exitCodeOfSignal(name));
      signals.hurry.abort(new Interruption(name));
    });
  }
  return signals;
}

// undici parses HTTP/1.1 answers with llhttp, compiled to WebAssembly. V8 runs it as baseline code
// (Liftoff) and, once the parser has run enough (the headers of two small answers, or of one answer
// with a dozen headers), recompiles its main function, 33 KB of WebAssembly, with its optimizing
// compiler (TurboFan) on a background thread: about 0.1 s of CPU, and over 1 s of waiting on a
// loaded machine. Node waits for that thread before the process ends, whether the event loop empties or
// process.exit() is called, so a run that read several answers printed everything and then sat there,
// for code it would never run. Measured with `--trace-wasm-compilation-times`.
//
// Every run that sends (a single call, batch, --paginate) keeps the parser on baseline code: a single
// answer with a dozen headers, as real services send, was enough to wait at exit. V8 is told to
// tier up only a function index no module has. Baseline code parses headers fast enough that 3,000
// answers cost about the same CPU either way. The flag must be set before undici compiles the parser
// (its first connection in the process); a parser already compiled keeps its tiering. node:v8 loads
// with the transport, never for help or a usage error (test/e2e/call-modules.test.ts names it).
//
// V8 stamps a code cache with its flags, so one made while the flag is changed is refused by every
// later run: releaseParser() puts the flag back once the command has ended, before bin/run-cli.cjs
// makes its cache.
import { setFlagsFromString } from 'node:v8';

/** No WebAssembly function has this index (V8 caps a module at 1,000,000 functions), so none tiers up. */
const NO_FUNCTION = 2_000_000_000;
/** V8's default: any function may tier up. */
const ANY_FUNCTION = -1;

let kept = false;

/** From now on, WebAssembly compiled in this process (undici's HTTP parser) stays on V8's baseline code. */
export function keepParserOnBaseline(): void {
  if (kept) return;
  kept = true;
  setFlagsFromString(`--wasm-tier-up-filter=${NO_FUNCTION}`);
}

/** V8's flags as a fresh process has them again; the parser may tier up from now on. */
export function releaseParser(): void {
  if (!kept) return;
  kept = false;
  setFlagsFromString(`--wasm-tier-up-filter=${ANY_FUNCTION}`);
}

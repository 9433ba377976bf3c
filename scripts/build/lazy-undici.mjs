// Parts of undici that a one-shot HTTP/1.1 call never runs, made to load on first use.
// undici's own code is unchanged; only when two of its modules load moves:
// - client-h2.js (HTTP/2) is required by client.js at load time, and requires node:http2, whose
//   core loads fs/promises, readline and the REPL history: ~10 built-ins for a protocol svc only
//   speaks if a server offers it through ALPN (undici asks for h2 only with allowH2, which svc
//   does not set). Here client.js gets a function that requires the real module when first called.
// - node:assert, required by 16 undici modules for internal invariants, loads its diff, call
//   tracker and colour modules. Here undici gets an assert that loads node:assert only when an
//   invariant fails, to throw the same AssertionError.
// - node:http, required by client.js (for Node's header size limit) and core/util.js (to know an
//   IncomingMessage when destroying a stream) when they load: here it loads when first needed, when
//   the first Client is made. The call path loads node:http before undici's first Client
//   (src/core/process-context.ts).
//   Each edit must match undici's text exactly once, or the build fails: an undici upgrade that
//   changes these lines is looked at again, not bundled half-edited.
import { readFile } from 'node:fs/promises';

const UNDICI = /[\\/]node_modules[\\/]undici[\\/]/;
const NAMESPACE = 'lazy-undici';

const LAZY_ASSERT = `let real;
const load = () => (real ??= require('node:assert'));
function assert(value, message) {
  if (!value) load()(value, message);
}
for (const name of ['equal', 'notEqual', 'strictEqual', 'notStrictEqual', 'deepEqual', 'deepStrictEqual', 'notDeepStrictEqual', 'throws', 'doesNotThrow', 'rejects', 'fail', 'match', 'ifError']) {
  assert[name] = (...args) => load()[name](...args);
}
module.exports = assert;
`;

const lazyModule = (path) => `let real;
module.exports = function loadOnFirstCall(...args) {
  real ??= require(${JSON.stringify(path)});
  return real.apply(this, args);
};
`;

/** The edits to undici's own text, by file under undici/lib: [text, replacement] pairs. */
const LAZY_HTTP = {
  'dispatcher/client.js': [
    ["const http = require('node:http')", "let http\nconst loadHttp = () => (http ??= require('node:http'))"],
    [
      `const getDefaultNodeMaxHeaderSize = http &&
  http.maxHeaderSize &&
  Number.isInteger(http.maxHeaderSize) &&
  http.maxHeaderSize > 0
  ? () => http.maxHeaderSize
  : () => { throw new InvalidArgumentError('http module not available or http.maxHeaderSize invalid') }`,
      `const getDefaultNodeMaxHeaderSize = () => {
  const http = loadHttp()
  if (http && http.maxHeaderSize && Number.isInteger(http.maxHeaderSize) && http.maxHeaderSize > 0) return http.maxHeaderSize
  throw new InvalidArgumentError('http module not available or http.maxHeaderSize invalid')
}`,
    ],
  ],
  'core/util.js': [
    ["const { IncomingMessage } = require('node:http')\n", ''],
    ['constructor === IncomingMessage)', "constructor === require('node:http').IncomingMessage)"],
  ],
};

/** `text` with each edit made; throws when an edit's text is not found exactly once. */
export function editUndici(file, text) {
  let edited = text;
  for (const [from, to] of LAZY_HTTP[file] ?? []) {
    const at = edited.indexOf(from);
    if (at === -1 || edited.indexOf(from, at + 1) !== -1)
      throw new Error(`undici/lib/${file} no longer holds, exactly once: ${from.split('\n')[0]} (scripts/build/lazy-undici.mjs)`);
    edited = edited.slice(0, at) + to + edited.slice(at + from.length);
  }
  return edited;
}

export const lazyUndici = {
  name: 'lazy-undici',
  setup(build) {
    build.onResolve({ filter: /^(node:)?assert$/ }, (args) =>
      args.kind === 'require-call' && UNDICI.test(args.importer) ? { path: 'assert', namespace: NAMESPACE } : undefined,
    );
    build.onResolve({ filter: /^\.\/client-h2\.js$/ }, (args) =>
      args.kind === 'require-call' && /[\\/]undici[\\/]lib[\\/]dispatcher[\\/]client\.js$/.test(args.importer)
        ? { path: 'client-h2', namespace: NAMESPACE, pluginData: { resolveDir: args.resolveDir } }
        : undefined,
    );
    build.onLoad({ filter: /^assert$/, namespace: NAMESPACE }, () => ({ contents: LAZY_ASSERT, loader: 'js' }));
    build.onLoad({ filter: /[\\/]node_modules[\\/]undici[\\/]lib[\\/](dispatcher[\\/]client|core[\\/]util)\.js$/ }, async (args) => ({
      contents: editUndici(args.path.replace(/\\/g, '/').replace(/.*\/undici\/lib\//, ''), await readFile(args.path, 'utf8')),
      loader: 'js',
    }));
    build.onLoad({ filter: /^client-h2$/, namespace: NAMESPACE }, (args) => ({
      contents: lazyModule('./client-h2.js'),
      resolveDir: args.pluginData.resolveDir,
      loader: 'js',
    }));
  },
};

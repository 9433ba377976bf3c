// Parts of undici that a one-shot HTTP/1.1 call never runs, made to load on first use (issue #16).
// undici's own code is unchanged; only when two of its modules load moves:
// - client-h2.js (HTTP/2) is required by client.js at load time, and requires node:http2, whose
//   core loads fs/promises, readline and the REPL history: ~10 built-ins for a protocol svc only
//   speaks if a server offers it through ALPN (undici asks for h2 only with allowH2, which svc
//   does not set). Here client.js gets a function that requires the real module when first called.
// - node:assert, required by 16 undici modules for internal invariants, loads its diff, call
//   tracker and colour modules. Here undici gets an assert that loads node:assert only when an
//   invariant fails, to throw the same AssertionError.
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
    build.onLoad({ filter: /^client-h2$/, namespace: NAMESPACE }, (args) => ({
      contents: lazyModule('./client-h2.js'),
      resolveDir: args.pluginData.resolveDir,
      loader: 'js',
    }));
  },
};

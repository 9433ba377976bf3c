// The standalone binary's entry, which Bun compiles with svc's CLI script beside it as ./cli.cjs
// (scripts/package/standalone.mjs): dist/cli.cjs's build, its function-expression wrapper taken
// off. Bun ships both as bytecode, so nothing is parsed at start and there is no code cache to
// keep (bin/run-cli.cjs's, for Node), and one script serves every run: a smaller one for runs that
// name no command, as Node's start has, saves nothing measurable here (docs/performance.md). The
// binary carries its runtime, so there is no Node.js version to check (bin/svc.cjs).
const argv = process.argv.slice(2);
// A batch starts again with JavaScriptCore's top tier compiling later (standalone-engine.cjs).
require('./standalone-engine.cjs').restartForBatch(argv);
const { main } = require('./cli.cjs');

// The binary starts with JavaScriptCore's JIT thresholds raised twentyfold (`--compile-jit-policy`,
// standalone.mjs): a single call's functions run in the interpreter and baseline code, and none is
// compiled again by the optimising tiers it would leave before they pay. A run still going after
// 200 ms (a batch, `--paginate`, `svc mock`, `svc mcp`) gets the usual thresholds back. A GET over
// TLS: a fifth less CPU; a 10,000-line batch: the same (docs/performance.md).
const unsafe = globalThis.Bun?.unsafe;
if (typeof unsafe?.setJITPolicy === 'function') setTimeout(() => unsafe.setJITPolicy(1), 200).unref();

main(argv).then((code) => {
  process.exitCode = code;
});

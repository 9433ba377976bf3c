// The standalone binary's entry, which Bun compiles with svc's CLI script beside it as ./cli.cjs
// (scripts/package/standalone.mjs): dist/cli.cjs's build, its function-expression wrapper taken
// off. Bun ships both as bytecode, so nothing is parsed at start and there is no code cache to
// keep (bin/run-cli.cjs's, for Node), and one script serves every run: a smaller one for runs that
// name no command, as Node's start has, saves nothing measurable here (docs/performance.md). The
// binary carries its runtime, so there is no Node.js version to check (bin/svc.cjs).
const { main } = require('./cli.cjs');

main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});

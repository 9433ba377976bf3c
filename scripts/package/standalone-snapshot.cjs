// The standalone binary's snapshot builder (scripts/package/standalone.mjs puts the CLI script,
// the build of src/cli/snapshot-script.ts, before this as `svcCliScript`). Node runs it once, when
// the binary is built (`useSnapshot` in the single-executable config), and keeps the heap it leaves
// as the binary's V8 startup snapshot: each run of the binary starts from that heap and calls the
// function given to setDeserializeMainFunction, with the CLI and its start-up modules evaluated.
// https://nodejs.org/api/single-executable-applications.html#startup-snapshot-support
//
// What the heap may hold: no open handle (no stream, socket or timer), and nothing read from the
// world, which would be the build machine's. The CLI reads the environment, the terminal and the
// settings when a command runs, never when a module loads; prepare() loads modules only.
// The CLI's require is the standalone binary's (standalone-require.cjs).
/* global svcCliScript */
const { startupSnapshot } = require('node:v8');
const { cliRequire, debugRequested } = require('./standalone-require.cjs');

const cli = { exports: {} };
// The build machine's paths mean nothing where the binary runs: the script sees none.
svcCliScript(cli.exports, cliRequire, cli, 'svc', '.');
startupSnapshot.setDeserializeMainFunction(() => {
  const argv = process.argv.slice(2);
  if (debugRequested(argv)) process.stderr.write('* start: from the V8 startup snapshot\n');
  void cli.exports.main(argv).then((code) => {
    process.exitCode = code;
  });
});
// Node takes the snapshot once the event loop is empty: after the modules have loaded. A module
// that fails to load fails the build.
cli.exports.prepare().catch((error) => {
  process.exitCode = 1;
  throw error;
});

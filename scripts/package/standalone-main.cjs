// The standalone binary's main script when it starts without a V8 startup snapshot, as
// scripts/package/standalone.mjs builds it unless asked for one (and when Node cannot build one): the
// CLI scripts are assets of the binary, run as bin/run-cli.cjs runs dist/cli.cjs and
// dist/cli-root.cjs, with the same code cache in the user's cache folder. The binary carries its
// own Node, so there is no version to check.
/* global SVC_NO_SNAPSHOT */
const { getAsset } = require('node:sea');
const { runScripts } = require('../../bin/run-cli.cjs');
const { cliRequire, debugRequested } = require('./standalone-require.cjs');

const argv = process.argv.slice(2);
// SVC_NO_SNAPSHOT (set when the binary is built) says why there is no snapshot.
if (debugRequested(argv)) process.stderr.write(`* start: the CLI loads from its code cache (no V8 startup snapshot: ${SVC_NO_SNAPSHOT})\n`);
void runScripts(argv, (name) => ({ source: getAsset(name, 'utf8'), filename: process.execPath }), cliRequire).then((code) => {
  process.exitCode = code;
});

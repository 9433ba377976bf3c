// The standalone binary's main script (scripts/package/standalone.mjs bundles it with
// bin/run-cli.cjs): the CLI scripts are assets of the binary, run as bin/run-cli.cjs runs dist/cli.cjs
// and dist/cli-root.cjs,
// with the same code cache in the user's cache folder (issue #16). The binary carries its own
// Node, so there is no version to check.
const { getAsset } = require('node:sea');
const { runScripts } = require('../../bin/run-cli.cjs');

void runScripts(process.argv.slice(2), (name) => ({ source: getAsset(name, 'utf8'), filename: process.execPath })).then((code) => {
  process.exitCode = code;
});

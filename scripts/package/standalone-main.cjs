// The standalone binary's main script (scripts/package/standalone.mjs bundles it with
// bin/run-cli.cjs): the CLI script is an asset of the binary, run as bin/svc.cjs runs dist/cli.cjs,
// with the same code cache in the user's cache folder (issue #16). The binary carries its own
// Node, so there is no version to check.
const { getAsset } = require('node:sea');
const { runScript } = require('../../bin/run-cli.cjs');

void runScript(process.argv.slice(2), getAsset('cli.cjs', 'utf8'), process.execPath).then((code) => {
  process.exitCode = code;
});

#!/usr/bin/env node
// svc needs Node.js 22+; say so, and what to do, instead of failing on syntax or a missing API.
// CommonJS, as is all of start-up: Node's ES module loader costs ~3 ms of CPU to set up.
const major = Number(process.versions.node.split('.')[0]);
if (major < 22) {
  process.stderr.write(
    `svc: Node.js 22 or newer is required; this is ${process.version}. Install Node.js 22+, or use the standalone svc binary (it needs no Node.js), or, in a clone of svc, put its node_modules/node/bin first on PATH (the Node.js that \`npm install\` brought).\n`,
  );
  process.exit(2);
}
require('./run-cli.cjs')
  .runCli(process.argv.slice(2))
  .then((code) => {
    process.exitCode = code;
  });

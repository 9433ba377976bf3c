#!/usr/bin/env node
// svc needs Node.js 22+; say so in one line instead of failing on syntax or a missing API.
const major = Number(process.versions.node.split('.')[0]);
if (major < 22) {
  process.stderr.write(`svc: Node.js 22 or newer is required; this is ${process.version}\n`);
  process.exit(2);
}
const { enableCompileCache } = await import('node:module');
enableCompileCache?.();
const { main } = await import('../dist/cli.js');
process.exitCode = await main(process.argv.slice(2));

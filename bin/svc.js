#!/usr/bin/env node
// svc needs Node.js 22+; say so, and what to do, instead of failing on syntax or a missing API.
const major = Number(process.versions.node.split('.')[0]);
if (major < 22) {
  process.stderr.write(`svc: Node.js 22 or newer is required; this is ${process.version}. Install Node.js 22+, or use the standalone svc binary (it needs no Node.js), or, in a clone of svc, run \`npx svc\` (it uses the Node.js that \`npm install\` brought).\n`);
  process.exit(2);
}
const { enableCompileCache } = await import('node:module');
const cacheFolder = compileCacheFolder();
if (cacheFolder) enableCompileCache?.(cacheFolder);
const { main } = await import('../dist/cli.js');
process.exitCode = await main(process.argv.slice(2));

/**
 * V8's compiled code for the bundle, kept between runs: ~2 ms less for help, ~8 ms for an API call.
 * It is a cache: a deleted, corrupt or unwritable folder costs one slower start, never an error
 * (Node checks each entry and skips what it cannot use). It lives in the user's cache folder, not
 * the shared temp folder, so no other account can plant code in it; without a home folder, no
 * cache. NODE_COMPILE_CACHE overrides it, NODE_DISABLE_COMPILE_CACHE=1 turns it off.
 */
function compileCacheFolder() {
  const { env, platform } = process;
  const home = env.HOME || env.USERPROFILE;
  if (platform === 'win32') return env.LOCALAPPDATA ? `${env.LOCALAPPDATA}\\svc\\Cache\\compile` : undefined;
  const base = platform === 'darwin' ? home && `${home}/Library/Caches` : env.XDG_CACHE_HOME || (home && `${home}/.cache`);
  return base ? `${base}/svc/compile` : undefined;
}

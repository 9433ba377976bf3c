export { main } from './cli-script.js';

/**
 * The entry of the standalone binary's V8 startup snapshot (scripts/package/standalone.mjs): the
 * whole CLI, as in dist/cli.cjs, and the modules every call loads, evaluated once when the binary
 * is built: the command tree builder, the call path and its output, the settings file's reader,
 * undici's transport. The binary starts with them in its heap. Areas, builtin commands and what
 * only some calls use (batch, paging, tables, colour, proxies) stay lazy, so the snapshot does not
 * grow with the registry.
 * Nothing here may read the world (environment, terminal, files, clock): what a module computes
 * when it loads is computed on the build machine and kept. test/package/standalone.test.ts holds
 * the binary to reading them when it runs.
 */
export async function prepare(): Promise<void> {
  await Promise.all([
    import('./tree.js'),
    import('./execute.js'),
    import('../config/config-file.js'),
    import('../client/undici-transport.js'),
    import('../client/parser-tiering.js'),
  ]);
}

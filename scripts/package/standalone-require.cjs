// What both main scripts of the standalone binary share (standalone-main.cjs, standalone-snapshot.cjs).
// The require they give svc's scripts:
// Node's built-ins, and the binary's own scripts by name (dist/mcp.cjs, an asset, run as a CommonJS
// module once). A user-land module is never looked for on disk: the native keyring's require fails,
// and svc keeps tokens in its settings file, saying so.

/** The binary's scripts by file name, as `svc mcp`'s import asks for them (…/mcp.cjs). */
const OWN_SCRIPT = /(?:^|[\\/])(mcp\.cjs)$/;
const ownScripts = new Map();

/** A built-in module by name, or undefined (the main script's own require loads built-ins alone). */
const builtinModule =
  process.getBuiltinModule ??
  ((id) => {
    try {
      return require(id);
    } catch {
      return undefined;
    }
  });

function cliRequire(id) {
  const builtin = builtinModule(id);
  if (builtin !== undefined) return builtin;
  const own = OWN_SCRIPT.exec(id)?.[1];
  if (own) return ownScript(own);
  const error = new Error(`Cannot find module '${id}'`);
  error.code = 'MODULE_NOT_FOUND';
  throw error;
}

function ownScript(name) {
  if (!ownScripts.has(name)) {
    const module = { exports: {} };
    const source = builtinModule('node:sea').getAsset(name, 'utf8');
    const wrapper = builtinModule('node:vm').compileFunction(source, ['exports', 'require', 'module', '__filename', '__dirname'], { filename: name });
    wrapper(module.exports, cliRequire, module, name, '.');
    ownScripts.set(name, module.exports);
  }
  return ownScripts.get(name);
}

/** Whether argv asks for --debug (an option, so before any `--`): the binary then says how it started, in one line before the trace. */
function debugRequested(argv) {
  const end = argv.indexOf('--');
  return (end === -1 ? argv : argv.slice(0, end)).includes('--debug');
}

module.exports = { cliRequire, debugRequested };

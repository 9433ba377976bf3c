// How the bundle imports Node built-ins (see builtinImports below for why).
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';

const BUILTINS = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));
const NAMESPACE = 'node-builtin';
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * Built-ins that cost a lot to load and that svc's start-up only holds a reference to: commander
 * imports child_process for executable subcommands, which svc does not have, and loading it pulls
 * in streams, net and dgram (~2.5 ms). Imported as a default only, they load on first property use.
 */
const LOAD_ON_FIRST_USE = new Set(['child_process']);

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The names one module imports from one built-in: `import a, { b, c as d } from 'node:x'` gives
 * { default: true, named: ['b', 'c'] }. Undefined when any import of it has another form
 * (`import * as`, a side-effect import, `export … from`), which then stays a plain ES import.
 */
export function importedNames(source, specifier) {
  const from = `\\s*from\\s*['"]${escapeRegExp(specifier)}['"]`;
  const all = [...source.matchAll(new RegExp(`\\b(import|export)\\b([^;'"]*?)${from}|\\bimport\\s*['"]${escapeRegExp(specifier)}['"]`, 'g'))];
  if (all.length === 0) return undefined;
  const result = { default: false, named: new Set() };
  for (const [, keyword, clause] of all) {
    const parts = /^\s*(?:type\s+)?([\w$]+)?\s*,?\s*(?:\{([^}]*)\})?\s*$/.exec(clause ?? '');
    if (keyword !== 'import' || !parts || /\*/.test(clause)) return undefined;
    if (parts[1]) result.default = true;
    for (const item of (parts[2] ?? '').split(',')) {
      const name = item.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0];
      if (!name || item.trim().startsWith('type ')) continue;
      if (!IDENTIFIER.test(name)) return undefined;
      result.named.add(name);
    }
  }
  return result;
}

/**
 * Node built-ins are imported through a small module that require()s the built-in and exports
 * only the names its importer uses. An ES import of a built-in makes Node build its ES facade,
 * which reads every property, and several are lazy getters: `import process from 'node:process'`
 * (commander, env-paths) sets up stdin, stdout and stderr; `node:util` loads parseArgs, diff and
 * worker internals; `node:fs` its promises and streams. esbuild's CommonJS interop reads every
 * property too. Together that was ~6 ms of each start-up before svc printed anything.
 */
export const builtinImports = {
  name: 'builtin-imports',
  setup(build) {
    build.onResolve({ filter: /^[a-z_:/]+$/ }, (args) => {
      if (args.kind !== 'import-statement' || !BUILTINS.has(args.path)) return undefined;
      const names = importedNames(readFileSync(args.importer, 'utf8'), args.path);
      if (!names) return { path: args.path, external: true };
      // One module per importer and built-in, holding just what that importer uses.
      return { path: `${args.path.replace(/^node:/, '')}:${args.importer}`, namespace: NAMESPACE, pluginData: names };
    });
    build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => {
      const builtin = args.path.slice(0, args.path.indexOf(':'));
      const { named } = args.pluginData;
      if (named.size === 0 && LOAD_ON_FIRST_USE.has(builtin)) return { contents: loadOnFirstUse(builtin), loader: 'js' };
      const lines = [`const builtin = require('node:${builtin}');`, 'export default builtin;', ...[...named].map((name) => `export const ${name} = builtin.${name};`)];
      return { contents: lines.join('\n'), loader: 'js' };
    });
  },
};

/** A default export that require()s the built-in when a property is first read. */
function loadOnFirstUse(builtin) {
  return `let builtin;
const load = () => (builtin ??= require('node:${builtin}'));
export default new Proxy({}, { get: (_, key) => load()[key], has: (_, key) => key in load() });`;
}

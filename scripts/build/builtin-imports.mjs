// How the bundle imports Node built-ins (see builtinImports below for why).
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import ts from 'typescript';

const BUILTINS = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));
const NAMESPACE = 'node-builtin';
const DYNAMIC = 'node-builtin-dynamic';

/**
 * Built-ins that cost a lot to load and that svc's start-up only holds a reference to: commander
 * imports child_process for executable subcommands, which svc does not have, and loading it pulls
 * in streams, net and dgram (~2.5 ms). Imported as a default only, they load on first property use.
 */
const LOAD_ON_FIRST_USE = new Set(['child_process']);

/** The script kind TypeScript's parser should read a module as, from its file name. */
const scriptKind = (fileName) => (/\.[cm]?tsx?$/.test(fileName) ? ts.ScriptKind.TS : ts.ScriptKind.JS);

/**
 * The names one module imports from one built-in: `import a, { b, c as d } from 'node:x'` gives
 * { default: true, named: ['b', 'c'] }. Undefined when any import of it has another form
 * (`import * as`, a side-effect import, `export … from`), which then stays a plain ES import.
 * Read with TypeScript's own parser, so comments, strings and type-only imports are what they are.
 */
export function importedNames(source, specifier, fileName = 'module.ts') {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, scriptKind(fileName));
  const result = { default: false, named: new Set() };
  let found = false;
  for (const statement of file.statements) {
    const from = statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier) ? statement.moduleSpecifier.text : undefined;
    if (from !== specifier) continue;
    if (ts.isExportDeclaration(statement)) return undefined;
    if (!ts.isImportDeclaration(statement)) continue;
    found = true;
    const clause = statement.importClause;
    if (!clause) return undefined; // a side-effect import
    if (clause.isTypeOnly) continue;
    if (clause.name) result.default = true;
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) return undefined;
    for (const element of bindings?.elements ?? []) {
      if (element.isTypeOnly) continue;
      const imported = element.propertyName ?? element.name;
      if (!ts.isIdentifier(imported)) return undefined;
      result.named.add(imported.text);
    }
  }
  return found ? result : undefined;
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
    // `await import('node:zlib')`: a require() when first awaited, so the CLI script, which
    // bin/run-cli.cjs runs with vm.Script, never asks Node's ES loader for a module (that path
    // warns: vm.USE_MAIN_CONTEXT_DEFAULT_LOADER is experimental).
    build.onResolve({ filter: /^[a-z_:/]+$/ }, (args) =>
      args.kind === 'dynamic-import' && BUILTINS.has(args.path) ? { path: args.path.replace(/^node:/, ''), namespace: DYNAMIC } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: DYNAMIC }, (args) => ({ contents: `module.exports = require('node:${args.path}');`, loader: 'js' }));
    build.onResolve({ filter: /^[a-z_:/]+$/ }, (args) => {
      if (args.kind !== 'import-statement' || !BUILTINS.has(args.path)) return undefined;
      const names = importedNames(readFileSync(args.importer, 'utf8'), args.path, args.importer);
      if (!names) return { path: args.path, external: true };
      // One module per importer and built-in, holding just what that importer uses.
      return { path: `${args.path.replace(/^node:/, '')}:${args.importer}`, namespace: NAMESPACE, pluginData: names };
    });
    build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => {
      const builtin = args.path.slice(0, args.path.indexOf(':'));
      const { named } = args.pluginData;
      if (named.size === 0 && LOAD_ON_FIRST_USE.has(builtin)) return { contents: loadOnFirstUse(builtin), loader: 'js' };
      const lines = [
        `const builtin = require('node:${builtin}');`,
        'export default builtin;',
        ...[...named].map((name) => `export const ${name} = builtin.${name};`),
      ];
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

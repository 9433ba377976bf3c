// The esbuild settings for svc, shared by `npm run build` and the benchmark's variant bundles.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { builtinImports } from './builtin-imports.mjs';
import { readGuideSources } from './guides.mjs';
import { lazyUndici } from './lazy-undici.mjs';

// fileURLToPath, not URL.pathname: a path with spaces (%20) or on Windows (/C:/…) must stay a path.
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));

// Some bundled CommonJS dependencies (undici, conf's) call require() for Node built-ins.
const requireBanner = "import { createRequire as __svcCreateRequire } from 'node:module'; const require = __svcCreateRequire(import.meta.url);";

const common = {
  absWorkingDir: repoRoot,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  // The guides' text, for `svc help <topic>` and the manual (only the modules that name it hold it).
  define: { __SVC_VERSION__: JSON.stringify(version), __SVC_GUIDES__: JSON.stringify(readGuideSources()) },
  banner: { js: requireBanner },
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
};

/**
 * The CLI: one script, `dist/cli.cjs`, that bin/run-cli.cjs runs with a V8 code cache.
 * Lazy parts stay lazy: without splitting, esbuild turns each `await import()` into a module
 * initialised on first use, so a command runs only the code it needs, and a call reads one file
 * instead of resolving and linking ~35 ES chunks. The script is a function expression
 * `(function (exports, require, module, __filename, __dirname) {…})`, CommonJS's own wrapper,
 * compiled by bin/run-cli.cjs with vm.Script: unlike an ES module or require(), that gives a code
 * cache taken after the command ran, holding every function the command compiled.
 * Its last line names the build (`//# svc-build=<hash of the text>`), which keys that cache.
 * Beside it, `dist/cli-root.cjs`: the root command alone (src/cli/cli-root-script.ts), for a run that
 * names no command (`--help`, `--version`, nothing). Built from the same sources with every
 * `import()` left out, it is ~5% of the whole: less to read, and a smaller cache to read.
 * `plugins` lets the benchmark swap in a generated registry; `write: false` with `metafile` lets
 * a test read what a script holds without touching dist/.
 */
export async function bundleCli({ outdir, plugins = [], metafile = false, write = true }) {
  const scripts = await Promise.all([
    bundleScript({ name: 'cli', entry: 'src/cli/cli-script.ts', outdir, plugins, metafile }),
    bundleScript({ name: 'cli-root', entry: 'src/cli/cli-root-script.ts', outdir, plugins: [...plugins, rootOnly], metafile }),
  ]);
  if (write) {
    mkdirSync(outdir, { recursive: true });
    for (const { files } of scripts) for (const { path, contents } of files) writeFileSync(path, contents);
  }
  return scripts.map(({ name, text, buildId, metafile: meta }) => ({ name, text, buildId, metafile: meta }));
}

/** One CLI script, `<name>.cjs`, and its source map: their paths and contents, its text and build id. */
async function bundleScript({ name, entry, outdir, plugins, metafile }) {
  const result = await build({
    ...common,
    // undici's own bundle for Node core sets this: its HTTP/1 parser is llhttp alone, and the
    // experimental Milo parser (parser-h1.js and two WebAssembly blobs, 160 KB of the script,
    // enabled only by UNDICI_USE_MILO=1) is left out.
    define: { ...common.define, esbuildDetection: 'true' },
    entryPoints: { [name]: entry },
    outdir,
    outExtension: { '.js': '.cjs' },
    format: 'cjs',
    minify: true,
    banner: { js: CJS_WRAPPER_START },
    footer: { js: CJS_WRAPPER_END },
    plugins: [builtinImports, lazyUndici, nativeKeyring, mcpApart, areasAddApart, ...plugins],
    metafile,
    write: false,
  });
  const script = result.outputFiles.find((file) => file.path.endsWith('.cjs'));
  // bin/run-cli.cjs reads it as latin1 (esbuild's output charset is ASCII by default).
  if (/[^\x00-\x7f]/.test(script.text)) throw new Error(`dist/${name}.cjs must be ASCII: bin/run-cli.cjs reads it as latin1`);
  // vm.Script gives the script no ES loader: every import() must have become a require() (builtin-imports.mjs).
  if (/\bimport\(/.test(script.text)) throw new Error(`dist/${name}.cjs holds an import(): bin/run-cli.cjs runs it without an ES loader`);
  const buildId = createHash('sha256').update(script.contents).digest('hex').slice(0, 16);
  const text = `${script.text}//# svc-build=${buildId}\n`;
  const files = result.outputFiles.map((file) => ({ path: file.path, contents: file === script ? text : file.contents }));
  return { name: `${name}.cjs`, text, buildId, files, metafile: result.metafile };
}

/**
 * The CLI script's text as a plain CommonJS module, its function-expression wrapper taken off: the
 * standalone binary (scripts/package/standalone.mjs) hands it to Bun as a module, whose compiler
 * then sees the script's require() calls of Node built-ins. Throws when the text is not a script
 * bundleCli wrote, so a change to the wrapper cannot go unnoticed.
 */
export function unwrapCliScript(text) {
  const end = text.lastIndexOf(`\n${CJS_WRAPPER_END}\n`);
  if (!text.startsWith(CJS_WRAPPER_START) || end === -1) throw new Error('unwrapCliScript: the text is not a CLI script as bundleCli writes it');
  return `${text.slice(CJS_WRAPPER_START.length, end)}\n`;
}

/**
 * The root script's sources: every `import()` (an area's operations, a command's module, undici,
 * zod…) becomes a module that throws. A run that names no command reaches none of them;
 * bin/run-cli.cjs runs any other with dist/cli.cjs, and test/e2e/root-script.test.ts holds it to that.
 */
const rootOnly = {
  name: 'root-only',
  setup(build) {
    build.onResolve({ filter: /.*/ }, (args) =>
      args.kind === 'dynamic-import' && !/^node:/.test(args.path) ? { path: args.path, namespace: 'root-only' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'root-only' }, (args) => ({
      contents: `throw new Error(${JSON.stringify(`dist/cli-root.cjs holds no ${args.path}: a command runs in dist/cli.cjs`)});`,
      loader: 'js',
    }));
  },
};

/**
 * The keyring binding is native code, installed beside svc as an optional dependency and never
 * bundled. The CLI script has no ES loader, so its `import()` becomes a require() that resolves from
 * svc's own folder; a copy of svc without it fails that require, and svc then stores tokens in the
 * config file, saying so. The standalone binary answers that require with the binding it carries
 * (scripts/package/standalone.mjs).
 */
const nativeKeyring = {
  name: 'native-keyring',
  setup(build) {
    build.onResolve({ filter: /^@napi-rs\/keyring$/ }, (args) =>
      args.kind === 'dynamic-import' ? { path: args.path, namespace: 'native-require' } : { path: args.path, external: true },
    );
    build.onLoad({ filter: /.*/, namespace: 'native-require' }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(args.path)});`,
      loader: 'js',
    }));
  },
};

/**
 * `svc mcp`'s server and the MCP SDK (~450 KB) are a script of their own, dist/mcp.cjs, required
 * only by `svc mcp`: in dist/cli.cjs, every other command would read and compile them at start.
 * The CLI's `import()` of src/mcp/serve.ts becomes a require() of that file, beside this one.
 */
const mcpApart = {
  name: 'mcp-apart',
  setup(build) {
    build.onResolve({ filter: /\/mcp\/serve\.js$/ }, (args) => (args.kind === 'dynamic-import' ? { path: 'mcp.cjs', namespace: 'mcp-apart' } : undefined));
    build.onLoad({ filter: /.*/, namespace: 'mcp-apart' }, () => ({
      contents: "module.exports = require(require('node:path').join(__dirname, 'mcp.cjs'));",
      loader: 'js',
    }));
  },
};

/**
 * What `svc areas add` and `update` need (src/areas/adding.ts: the importer's mapping, the YAML
 * parser, the store's writer; ~180 KB) is a script of its own too, dist/areas-add.cjs: in
 * dist/cli.cjs, every call would read it at start, and none but those two runs it.
 */
const areasAddApart = {
  name: 'areas-add-apart',
  setup(build) {
    build.onResolve({ filter: /\/areas\/adding\.js$/ }, (args) =>
      args.kind === 'dynamic-import' ? { path: 'areas-add.cjs', namespace: 'areas-add-apart' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'areas-add-apart' }, () => ({
      contents: "module.exports = require(require('node:path').join(__dirname, 'areas-add.cjs'));",
      loader: 'js',
    }));
  },
};

/** dist/areas-add.cjs: src/areas/adding.ts and what it uses, as a CommonJS module that `svc areas add` and `update` require. */
export function bundleAreasAdd({ outdir, plugins = [] }) {
  return build({
    ...common,
    define: { ...common.define, esbuildDetection: 'true' },
    entryPoints: { 'areas-add': 'src/areas/adding.ts' },
    outdir,
    outExtension: { '.js': '.cjs' },
    format: 'cjs',
    minify: true,
    banner: {},
    plugins: [builtinImports, lazyUndici, nativeKeyring, ...plugins],
  });
}

/** dist/mcp.cjs: src/mcp/serve.ts and what it uses, as a CommonJS module that `svc mcp` requires; `plugins` as for bundleCli. */
export function bundleMcpServer({ outdir, plugins = [] }) {
  return build({
    ...common,
    define: { ...common.define, esbuildDetection: 'true' },
    entryPoints: { mcp: 'src/mcp/serve.ts' },
    outdir,
    outExtension: { '.js': '.cjs' },
    format: 'cjs',
    minify: true,
    banner: {},
    plugins: [builtinImports, lazyUndici, nativeKeyring, ...plugins],
  });
}

/** Node's CommonJS wrapper, so the script reads as the module it was built as. */
const CJS_WRAPPER_START = '(function (exports, require, module, __filename, __dirname) {';
const CJS_WRAPPER_END = '})';

/** The library (`import { createClient } from 'svc'`): one file, loaded whole by its users. */
export function bundleLibrary({ outdir }) {
  return build({ ...common, entryPoints: { index: 'src/index.ts' }, outdir, plugins: [builtinImports, lazyUndici, nativeKeyring] });
}

/** The manual's writer (`npm run docs`, src/cli/reference/manual.ts): one file, run at build time only. */
export function bundleManualWriter({ outfile }) {
  return build({
    ...common,
    entryPoints: ['src/cli/reference/manual.ts'],
    outfile,
    sourcemap: false,
    external: ['msw', 'msw/*'],
    plugins: [builtinImports, lazyUndici, nativeKeyring],
  });
}

// Runs dist/cli.cjs, the whole CLI in one script, with V8's code cache for it; or,
// for a run that names no command, dist/cli-root.cjs, the root command alone.
//
// Node's own compile cache (module.enableCompileCache) stores the code V8 made when it compiled
// a file, before it ran: the top level only. Every function a command then runs (commander, zod,
// undici, svc's own) is parsed and compiled again at every start, ~35 ms of CPU for one API call.
// Here the script is compiled with vm.Script, and the cache is taken after the command ran
// (script.createCachedData()), so it holds those functions too. One cache per top-level command
// word, and one for none (`--version`, `--help`): each holds what that kind of run compiled; and
// one that every area added to a profile shares (svc areas add), whose runs compile the same code.
//
// The cache: where it lives, who may have written it, and whether it is whole.
// It is a cache: a missing, corrupt, stale or unwritable one costs one slower start, never an
// error. V8 checks a cache's version, flags and source length, but not its payload: a corrupt
// payload crashes V8 (tried), at every start until the file goes. So each file starts with a checksum
// of the rest (xxHash64's round over 64-bit words, seeded with the length), and one that does not
// match is not read. Not FNV-1a over words: a product keeps a change in a word's high bits out of the
// sum's low bits, so the top bit flipped in any two words summed the same (and V8 crashed on it). The checksum is computed by a tiny WebAssembly
// function: plain JavaScript, interpreted in a fresh process, took ~2 ms for 100 KB, and V8's own
// checksum (--verify-snapshot-checksum) needs node:v8, whose load pulls in streams: ~3 ms of CPU
// for `--help`. Without WebAssembly (--jitless) there is no cache.
// A file's name carries the build's hash (from the script's last line), Node's version and the
// architecture, so a cache made for other code is never used.
// A cache is code: V8 checks only the length of the source it was made from, so whoever can write
// the folder can make svc run anything (tried). It lives in the user's cache folder, not the shared
// temp folder, and is used only when that folder (a link followed) and the file belong to this user
// and no one else may write to them; without a home folder, or with a relative one, no cache.
// NODE_DISABLE_COMPILE_CACHE=1 turns it off.
//
// CommonJS, so built-ins come by require(): an ES import of node:fs builds its facade, which reads
// every property, fs.promises included, and that loads readline and the REPL history (~2 ms).
const { closeSync, fstatSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, renameSync, rmSync, statSync, writeFileSync } = require('node:fs');
const { dirname, isAbsolute, join } = require('node:path');
const { Script } = require('node:vm');

const DIST = join(__dirname, '..', 'dist');

/** Runs the CLI with `argv`; resolves to the exit code. */
async function runCli(argv) {
  let unread;
  try {
    return await runScripts(argv, (name) => {
      const filename = join(DIST, name);
      try {
        // latin1: the build keeps the scripts ASCII, and a one-byte string needs no UTF-8 decoding and half the memory.
        return { source: readFileSync(filename, 'latin1'), filename };
      } catch (error) {
        unread = { name, code: error.code };
        throw error;
      }
    });
  } catch (error) {
    if (!unread) throw error;
    // A clone not built (or built before a script was added), an install cut short: one line, no stack.
    const why = unread.code === 'ENOENT' ? 'is missing' : `cannot be read (${unread.code})`;
    process.stderr.write(
      `svc: this installation of svc is incomplete: dist/${unread.name} ${why} (in a clone of svc, run \`npm run build\`; otherwise install svc again)\n`,
    );
    return 1;
  }
}

/**
 * Runs `argv` with the CLI's scripts (scripts/build/bundle.mjs), each `{ source, filename }` as
 * `load(name)` gives it; the standalone binary passes its assets, and the require its scripts get
 * (`cliRequire`; this file's own by default). A run whose first argument is no command word
 * (`--help`, `--version`, nothing) goes to cli-root.cjs, the root command alone: 5% of the whole,
 * so less to read and a smaller cache. When argv names a command after all
 * (`--profile work email …`) that script does nothing, and cli.cjs, the whole CLI, runs it.
 */
async function runScripts(argv, load, cliRequire = require) {
  const kind = commandKind(argv);
  const code = kind === '' ? await runScript(argv, load('cli-root.cjs'), kind, cliRequire) : undefined;
  return code ?? runScript(argv, load('cli.cjs'), kind, cliRequire);
}

/**
 * The kind of cache every area added to a profile shares (svc areas add): their runs compile the same
 * code, whatever the area, and a file per word would crowd out the others. No command word can be it.
 */
const ADDED_AREA = '+added-area';

/**
 * Runs one script's `main(argv)` with its code cache; resolves to the exit code, or undefined when
 * main declined. A word that is no built-in command may be an added area's: without a cache of its
 * own, it starts from the added areas' one, and the run says after (ranAddedArea) which it was.
 */
async function runScript(argv, { source, filename }, kind, cliRequire) {
  const file = cacheFile(source, kind);
  const shared = kind === '' ? undefined : cacheFile(source, ADDED_AREA);
  const own = file && readCache(file);
  const read = own ? file : shared;
  const cachedData = own || (shared && readCache(shared));
  const script = new Script(source, { filename, cachedData });
  const module = { exports: {} };
  // This file's require by default: the script requires Node's built-ins alone (esbuild bundled the
  // rest), and node:module's createRequire would load the source-map reader with it.
  script.runInThisContext()(module.exports, cliRequire, module, filename, dirname(filename));
  const running = module.exports.main(argv);
  if (running === undefined) return undefined;
  const code = await running;
  const known = kind === '' || module.exports.commandWords.includes(kind);
  const target = known ? file : module.exports.ranAddedArea?.() ? shared : undefined;
  if (target && (!cachedData || read !== target || script.cachedDataRejected)) writeCache(target, () => script.createCachedData());
  return code;
}

/** The first argument when it can be a command word, else '' (options only, or nothing). */
function commandKind(argv) {
  const word = argv[0];
  return word !== undefined && /^[a-z][a-z0-9-]{0,39}$/.test(word) ? word : '';
}

/** More caches than this in the folder (old builds, other Node versions): the oldest go. */
const MAX_FILES = 48;
/** What svc writes in the folder: a cache, or one being written. Nothing else in it is svc's to remove. */
const CACHE_NAME = /^[0-9a-f]{16}-v.+\.v8(?:\.\d+\.tmp)?$/;
/** A file's first 8 bytes: the checksum of the V8 cache after them. */
const HEADER = 8;
/** A cache is well under 8 MiB; a larger file (a damaged file system's size) is not read into memory to be summed. */
const MAX_BYTES = 64 * 1024 * 1024;

/** Where this build's cache for this kind of run lives, or undefined for none. */
function cacheFile(source, kind) {
  const build = /\/\/# svc-build=([0-9a-f]{16})\n$/.exec(source.slice(-40))?.[1];
  const folder = build && process.env.NODE_DISABLE_COMPILE_CACHE !== '1' && cacheFolder('code');
  if (!folder || !isPrivateFolder(folder)) return undefined;
  return join(folder, `${build}-${process.version}-${process.arch}-${kind || 'none'}.v8`);
}

/** The folder `name` in the user's cache folder for svc (`code`: the code caches); undefined without a home. */
function cacheFolder(name) {
  const { env, platform } = process;
  const home = env.HOME || env.USERPROFILE;
  if (platform === 'win32') return env.LOCALAPPDATA ? `${env.LOCALAPPDATA}\\svc\\Cache\\${name}` : undefined;
  // A relative path would be a folder in whatever directory svc runs in (XDG: ignored).
  const absolute = (path) => (path && isAbsolute(path) ? path : undefined);
  const base = platform === 'darwin' ? absolute(home) && `${home}/Library/Caches` : (absolute(env.XDG_CACHE_HOME) ?? (absolute(home) && `${home}/.cache`));
  return base ? `${base}/svc/${name}` : undefined;
}

/** Only this user can write to `stats`' file (Windows: the per-user local app data folder; no owners checked). */
const isPrivate = (stats) => process.getuid === undefined || (stats.uid === process.getuid() && (stats.mode & 0o022) === 0);

/**
 * mkdir -p, one level at a time: where mkdir answers ENOENT under a folder that exists (/proc, /sys),
 * mkdirSync's own `recursive` makes the parent, finds it there and tries again, forever and deaf to
 * signals (src/make-folders.ts, which this copies: this file loads before the bundle).
 */
function makeFolders(folder) {
  const parent = dirname(folder);
  if (parent !== folder && !statSync(parent, { throwIfNoEntry: false })) makeFolders(parent);
  try {
    mkdirSync(folder, { mode: 0o700 });
  } catch (error) {
    if (error.code !== 'EEXIST') throw error;
  }
}

/** Makes the folder if need be; whether it is a folder only this user can write to, a link to it included. */
function isPrivateFolder(folder) {
  try {
    let stats = statSync(folder, { throwIfNoEntry: false });
    if (!stats) {
      makeFolders(folder);
      stats = statSync(folder);
    }
    return stats.isDirectory() && isPrivate(stats);
  } catch {
    return false;
  }
}

/**
 * The cached code (a view of the checksum's memory, valid until the next read), or undefined when
 * there is none, it is not a file only this user can write to, or its checksum does not match.
 */
function readCache(file) {
  let fd;
  try {
    fd = openSync(file, 'r');
    const stats = fstatSync(fd);
    if (!stats.isFile() || !isPrivate(stats) || stats.size <= HEADER || stats.size > MAX_BYTES) return undefined;
    const summer = checksummer(stats.size);
    if (readSync(fd, summer.bytes, 0, stats.size, 0) !== stats.size) return undefined;
    return summer.sum(stats.size - HEADER) === summer.stored() ? summer.bytes.subarray(HEADER, stats.size) : undefined;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Writes the cache `make` returns, after its checksum, whole or not at all: a parallel svc reads the old file or the new one. */
function writeCache(file, make) {
  const partial = `${file}.${process.pid}.tmp`;
  try {
    const data = make();
    const summer = checksummer(HEADER + data.length);
    summer.bytes.set(data, HEADER);
    summer.store(summer.sum(data.length));
    writeFileSync(partial, summer.bytes.subarray(0, HEADER + data.length), { mode: 0o600 });
    renameSync(partial, file);
    pruneFolder(dirname(file));
  } catch {
    try {
      rmSync(partial, { force: true });
    } catch {
      // no folder, so no partial file either
    }
  }
}

/** Keeps the folder bounded: past MAX_FILES caches, the least recently written go; other files stay. */
function pruneFolder(folder) {
  const names = readdirSync(folder).filter((name) => CACHE_NAME.test(name));
  if (names.length <= MAX_FILES) return;
  const byAge = names.map((name) => ({ path: join(folder, name), written: statSync(join(folder, name)).mtimeMs })).sort((a, b) => a.written - b.written);
  for (const { path } of byAge.slice(0, names.length - MAX_FILES)) rmSync(path, { force: true });
}

/*
 * The checksum, in WebAssembly (text format; the bytes below are its binary, 136 bytes): the round of
 * xxHash64 (rotate, then multiply, so a change in a word's high bits reaches the sum's low bits and
 * the next words cannot cancel it), seeded with the length, so trailing zero bytes count.
 *   (module (memory (export "memory") 1)
 *     (func (export "checksum") (param $at i32) (param $end i32) (result i64) (local $sum i64)
 *       (local.set $sum (i64.add (i64.extend_i32_u (i32.sub (local.get $end) (local.get $at))) (i64.const 0x27d4eb2f165667c5)))
 *       (block $done (loop $word
 *         (br_if $done (i32.ge_u (local.get $at) (local.get $end)))
 *         (local.set $sum (i64.mul (i64.rotl (i64.add (local.get $sum) (i64.mul (i64.load (local.get $at)) (i64.const 0xc2b2ae3d27d4eb4f))) (i64.const 31)) (i64.const 0x9e3779b185ebca87)))
 *         (local.set $at (i32.add (local.get $at) (i32.const 8)))
 *         (br $word)))
 *       (local.get $sum)))
 */
const CHECKSUM_WASM =
  'AGFzbQEAAAABBwFgAn9/AX4DAgEABQMBAAEHFQIGbWVtb3J5AgAIY2hlY2tzdW0AAApVAVMBAX4gASAAa61Cxc/ZsvHluuonfCECAkADQCAAIAFPDQEgAiAAKQMAQs/W077Sx6vZQn58Qh+JQoeVr6+Ytt6bnn9+IQIgAEEIaiEADAALCyACCw==';
let wasm;

/**
 * A file's worth of the checksum's memory (`bytes`: the header, then the cache) and what works on
 * it. The words past the end are zeroed, so the last, partial word sums the same on both sides.
 */
function checksummer(size) {
  wasm ??= new WebAssembly.Instance(new WebAssembly.Module(Buffer.from(CHECKSUM_WASM, 'base64'))).exports;
  const { memory, checksum } = wasm;
  const pages = Math.ceil((size + HEADER) / 65536) - memory.buffer.byteLength / 65536;
  if (pages > 0) memory.grow(pages);
  const bytes = new Uint8Array(memory.buffer, 0, size + HEADER);
  bytes.fill(0, size);
  const header = new DataView(memory.buffer, 0, HEADER);
  return {
    bytes,
    sum: (length) => checksum(HEADER, HEADER + length),
    stored: () => header.getBigInt64(0, true),
    store: (sum) => header.setBigInt64(0, sum, true),
  };
}

module.exports = { runCli, runScripts, readCache, writeCache, cacheFolder, isPrivate, isPrivateFolder };

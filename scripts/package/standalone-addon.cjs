// How the standalone binary loads a native addon it carries (the keyring's binding): one of the
// runtime's differences, kept here at the edge. The npm package requires the binding from its
// installed optional dependency; the binary holds the file, and a native library can only be
// loaded from a file on disk.
//
// Bun can load a `.node` file a compiled program requires by its own: it writes it into the temp
// folder under a name every copy of the program shares, and keeps it there. On a shared machine the
// temp folder is everyone's, and Bun takes a file of that name and size that is already there
// (tried: a planted file of the right size is what it loads), which is the same kind of door the
// code cache's folder closes (bin/run-cli.cjs). So the binary places the addon itself, where the
// code cache lives: in the user's cache folder for svc (`native`), used only when that folder and
// the file belong to this user and no one else may write to them. The file's name carries the hash
// Bun gave the embedded file, so two builds of svc never share one. Written whole or not at all (a
// temporary name, then a rename), so a parallel svc loads the old file or the new one.
const { readFileSync, renameSync, rmSync, statSync, writeFileSync } = require('node:fs');
const { basename, join } = require('node:path');
const { cacheFolder, isPrivate, isPrivateFolder } = require('../../bin/run-cli.cjs');

/**
 * The exports of the addon embedded at `embedded` (its path inside the binary). Throws, with a
 * reason, when it cannot be placed or loaded; the caller (src/auth/keyring.ts) then stores tokens
 * in the settings file, saying so.
 */
function loadEmbeddedAddon(embedded) {
  const folder = cacheFolder('native');
  if (!folder || !isPrivateFolder(folder)) throw new Error('there is no cache folder only this user can write to, to unpack it into');
  const file = join(folder, basename(embedded));
  const expected = statSync(embedded).size;
  if (!isPlaced(file, expected)) place(file, readFileSync(embedded));
  const module = { exports: {} };
  process.dlopen(module, file);
  return module.exports;
}

/** Whether `file` is a file of `size` bytes that only this user can write to. */
function isPlaced(file, size) {
  const stats = statSync(file, { throwIfNoEntry: false });
  return stats !== undefined && stats.isFile() && stats.size === size && isPrivate(stats);
}

function place(file, bytes) {
  const partial = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(partial, bytes, { mode: 0o600, flag: 'wx' });
    renameSync(partial, file);
  } finally {
    rmSync(partial, { force: true });
  }
}

module.exports = { loadEmbeddedAddon };

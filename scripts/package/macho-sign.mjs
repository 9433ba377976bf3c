// An ad-hoc code signature for a macOS binary, written on any machine. macOS runs no code whose
// signature does not match it (on Apple silicon none unsigned at all), and `bun build --compile`
// appends svc to a copy of Bun's runtime: for darwin-arm64 Bun signs the result ad hoc, but for
// darwin-x64 it leaves the runtime's own signature in place, whose hashes are of the runtime before
// svc was appended (read with test/support/executable-header.ts: its code directory stops short of
// the code and 75 pages differ). So every macOS binary is signed again here, as Bun signs the
// arm64 one: one code directory (ad hoc, linker-signed, SHA-256 of each 4 KiB page up to the
// signature), in the space the linker left for it at the end of __LINKEDIT. Signed so, Bun's arm64
// binary comes out byte for byte as Bun wrote it (test/package/macho-sign.test.ts).
// https://developer.apple.com/documentation/technotes/tn3126-inside-code-signing-hashes
import { createHash } from 'node:crypto';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';

const MH_MAGIC_64 = 0xfeedfacf;
const LC_SEGMENT_64 = 0x19;
const LC_CODE_SIGNATURE = 0x1d;
const PAGE_BITS = 12;
const PAGE = 2 ** PAGE_BITS;
const CODE_DIRECTORY_HEADER = 88;
/** Segment sizes in memory are whole pages of the larger (16 KiB, arm64) size, which x86-64's 4 KiB divides. */
const VM_PAGE = 0x4000;

/** Where the signature and the segments it depends on are described in the load commands. */
function loadCommands(bytes) {
  if (bytes.readUInt32LE(0) !== MH_MAGIC_64) throw new Error('not a 64-bit Mach-O executable');
  const found = {};
  let at = 32;
  for (let i = 0; i < bytes.readUInt32LE(16); i++) {
    const command = bytes.readUInt32LE(at);
    if (command === LC_CODE_SIGNATURE) found.signature = at;
    if (command === LC_SEGMENT_64) {
      const name = bytes.toString('latin1', at + 8, at + 24).replace(/\0+$/, '');
      if (name === '__TEXT') found.text = at;
      if (name === '__LINKEDIT') found.linkedit = at;
    }
    at += bytes.readUInt32LE(at + 4);
  }
  if (found.signature === undefined || found.text === undefined || found.linkedit === undefined)
    throw new Error('the Mach-O file has no signature space, __TEXT or __LINKEDIT');
  return found;
}

/** `bytes` (a thin 64-bit Mach-O executable) with an ad-hoc signature for `identifier` in place of its own. */
export function adHocSigned(bytes, identifier) {
  const header = Buffer.from(bytes.subarray(0, bytes.readUInt32LE(20) + 32));
  const { signature, text, linkedit } = loadCommands(header);
  const codeLimit = header.readUInt32LE(signature + 8);
  const pages = Math.ceil(codeLimit / PAGE);
  const ident = Buffer.from(`${identifier}\0`, 'utf8');
  const hashOffset = CODE_DIRECTORY_HEADER + ident.length;
  const directory = Buffer.alloc(hashOffset + pages * 32);
  const superBlob = Buffer.alloc(20);
  superBlob.writeUInt32BE(0xfade0cc0, 0); // a signature: one blob, the code directory
  superBlob.writeUInt32BE(20 + directory.length, 4);
  superBlob.writeUInt32BE(1, 8);
  superBlob.writeUInt32BE(0, 12); // slot 0: the code directory
  superBlob.writeUInt32BE(20, 16);
  // The load commands, in the first page, say how large the signature is: set before that page is hashed.
  const signatureSize = superBlob.length + directory.length;
  header.writeUInt32LE(signatureSize, signature + 12);
  const linkeditSize = codeLimit + signatureSize - Number(header.readBigUInt64LE(linkedit + 40));
  header.writeBigUInt64LE(BigInt(linkeditSize), linkedit + 48);
  header.writeBigUInt64LE(BigInt(Math.ceil(linkeditSize / VM_PAGE) * VM_PAGE), linkedit + 32);
  const code = Buffer.concat([header, bytes.subarray(header.length, codeLimit)]);
  writeCodeDirectory(directory, { hashOffset, pages, codeLimit, textSize: header.readBigUInt64LE(text + 48) });
  ident.copy(directory, CODE_DIRECTORY_HEADER);
  for (let page = 0; page < pages; page++) {
    const end = Math.min((page + 1) * PAGE, codeLimit);
    createHash('sha256')
      .update(code.subarray(page * PAGE, end))
      .digest()
      .copy(directory, hashOffset + page * 32);
  }
  return Buffer.concat([code, superBlob, directory]);
}

/** The code directory's fixed fields (version 0x20400), big-endian as the kernel reads them. */
function writeCodeDirectory(directory, { hashOffset, pages, codeLimit, textSize }) {
  directory.writeUInt32BE(0xfade0c02, 0);
  directory.writeUInt32BE(directory.length, 4);
  directory.writeUInt32BE(0x20400, 8);
  directory.writeUInt32BE(0x20002, 12); // ad hoc, linker-signed
  directory.writeUInt32BE(hashOffset, 16);
  directory.writeUInt32BE(CODE_DIRECTORY_HEADER, 20); // the identifier follows the fixed fields
  directory.writeUInt32BE(0, 24); // no special slots: no Info.plist, requirements or entitlements
  directory.writeUInt32BE(pages, 28);
  directory.writeUInt32BE(codeLimit, 32);
  directory.writeUInt8(32, 36); // hash size
  directory.writeUInt8(2, 37); // SHA-256
  directory.writeUInt8(PAGE_BITS, 39);
  directory.writeBigUInt64BE(textSize, 72); // and is __TEXT
  directory.writeBigUInt64BE(1n, 80); // of the main binary
}

/** Signs the Mach-O executable at `path` ad hoc, in place (whole or not at all). */
export function signAdHoc(path, identifier) {
  const signed = adHocSigned(readFileSync(path), identifier);
  const partial = `${path}.signing-${process.pid}`;
  try {
    writeFileSync(partial, signed, { mode: 0o755 });
    renameSync(partial, path);
  } finally {
    rmSync(partial, { force: true });
  }
}

import { createHash } from 'node:crypto';

/** What an executable's header says it is: its format and the CPU it is for, as the loader reads them. */
export interface ExecutableHeader {
  format: 'ELF' | 'Mach-O' | 'PE';
  arch: 'x64' | 'arm64' | `unknown (${number})`;
  /** PE: the subsystem (3 is a console program); ELF and Mach-O: undefined. */
  subsystem?: number;
}

const ELF_MACHINES: Record<number, 'x64' | 'arm64'> = { 62: 'x64', 183: 'arm64' };
const MACHO_CPUS: Record<number, 'x64' | 'arm64'> = { 0x01000007: 'x64', 0x0100000c: 'arm64' };
const PE_MACHINES: Record<number, 'x64' | 'arm64'> = { 0x8664: 'x64', 0xaa64: 'arm64' };

const arch = (table: Record<number, 'x64' | 'arm64'>, value: number): ExecutableHeader['arch'] => table[value] ?? `unknown (${value})`;

/** Reads the header of `bytes`: ELF's e_machine, Mach-O's cputype, PE's Machine. Throws on anything else. */
export function readExecutableHeader(bytes: Buffer): ExecutableHeader {
  if (bytes.readUInt32BE(0) === 0x7f454c46) {
    if (bytes[4] !== 2 || bytes[5] !== 1) throw new Error('not a 64-bit little-endian ELF file');
    return { format: 'ELF', arch: arch(ELF_MACHINES, bytes.readUInt16LE(18)) };
  }
  if (bytes.readUInt32LE(0) === 0xfeedfacf) return { format: 'Mach-O', arch: arch(MACHO_CPUS, bytes.readInt32LE(4)) };
  if (bytes.toString('latin1', 0, 2) === 'MZ') {
    const pe = bytes.readUInt32LE(0x3c);
    if (bytes.toString('latin1', pe, pe + 4) !== 'PE\0\0') throw new Error('an MZ file without a PE header');
    const optional = pe + 24;
    if (bytes.readUInt16LE(optional) !== 0x20b) throw new Error('not a PE32+ (64-bit) executable');
    return { format: 'PE', arch: arch(PE_MACHINES, bytes.readUInt16LE(pe + 4)), subsystem: bytes.readUInt16LE(optional + 68) };
  }
  throw new Error('neither ELF, Mach-O nor PE');
}

/**
 * A Mach-O file's code signature, checked as macOS checks it before running the file: its code
 * directory's hash of every page up to the signature matches the page. Apple silicon runs no
 * unsigned code, and an ad-hoc signature is enough for a downloaded binary once it is trusted.
 */
export function machOSignature(bytes: Buffer): { adHoc: boolean; pages: number; mismatched: number; coversAll: boolean } | undefined {
  const commands = bytes.readUInt32LE(16);
  let at = 32;
  let signature: { offset: number; size: number } | undefined;
  for (let i = 0; i < commands; i++) {
    if (bytes.readUInt32LE(at) === 0x1d) signature = { offset: bytes.readUInt32LE(at + 8), size: bytes.readUInt32LE(at + 12) };
    at += bytes.readUInt32LE(at + 4);
  }
  if (!signature) return undefined;
  const blob = bytes.subarray(signature.offset, signature.offset + signature.size);
  for (let i = 0; i < blob.readUInt32BE(8); i++) {
    const start = blob.readUInt32BE(16 + 8 * i);
    if (blob.readUInt32BE(start) !== 0xfade0c02) continue;
    const directory = blob.subarray(start);
    const [flags, hashOffset, pages, codeLimit] = [
      directory.readUInt32BE(12),
      directory.readUInt32BE(16),
      directory.readUInt32BE(28),
      directory.readUInt32BE(32),
    ];
    const [hashSize, hashType, pageSize] = [directory[36]!, directory[37]!, 2 ** directory[39]!];
    let mismatched = 0;
    for (let page = 0; page < pages; page++) {
      const digest = createHash(hashType === 2 ? 'sha256' : 'sha1')
        .update(bytes.subarray(page * pageSize, Math.min((page + 1) * pageSize, codeLimit)))
        .digest();
      if (!digest.subarray(0, hashSize).equals(directory.subarray(hashOffset + page * hashSize, hashOffset + (page + 1) * hashSize))) mismatched++;
    }
    // The pages must run up to the signature: code past them would run unchecked.
    return { adHoc: (flags & 0x2) !== 0, pages, mismatched, coversAll: codeLimit === signature.offset };
  }
  return undefined;
}

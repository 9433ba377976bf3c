// node:fs, not node:fs/promises: that one loads readline and file watchers on every call (~1 ms).
import { closeSync, type Stats, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { OperationSpec } from '../../registry/define.js';
import type { Context } from './context.js';
import { usageError } from './errors.js';

export interface FieldSaver {
  /** Writes the field of a successful answer to the file. */
  save(data: unknown): Promise<void>;
}

function statOrNothing(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

const camelCase = (flag: string): string => flag.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/**
 * The registry's `saveField` flag (`--save-html <file>`), checked before anything is sent: the
 * folder must exist and the file must not be a folder, so a typo costs no request.
 */
export async function prepareFieldSave(ctx: Context, op: OperationSpec, flags: Record<string, unknown>): Promise<FieldSaver | undefined> {
  const spec = op.saveField;
  const file = spec ? flags[camelCase(spec.flag)] : undefined;
  if (!spec || typeof file !== 'string') return undefined;
  const flag = `--${spec.flag}`;
  if (file.trim() === '') throw usageError(`${flag}: give a file name`);
  const folder = statOrNothing(dirname(file));
  if (!folder?.isDirectory()) throw usageError(`${flag}: the folder ${dirname(file)} does not exist`);
  if (statOrNothing(file)?.isDirectory()) throw usageError(`${flag}: ${file} is a folder; give a file name`);
  // Never standard input's or output's file, by any path (issue #10): refused before anything is sent.
  const { identityOfPath, openOutputFile, OutputFileError, standardStreamFiles } = await import('../output/output-file.js');
  const streams = standardStreamFiles();
  const target = identityOfPath(file, '');
  const clash = target && streams.find((id) => id.dev === target.dev && id.ino === target.ino);
  if (clash) throw usageError(`${flag} ${file} is ${clash.role}; name another file`);
  return {
    async save(data) {
      const value = data !== null && typeof data === 'object' ? (data as Record<string, unknown>)[spec.field] : undefined;
      if (typeof value !== 'string') return void ctx.io.err(`svc: warning: the response has no ${spec.field} text to write to ${file}\n`);
      try {
        const { fd } = openOutputFile(file, flag, streams);
        writeFileSync(fd, ctx.secrets ? ctx.secrets.redact(value) : value); // a file is output too: no secret in it
        closeSync(fd);
      } catch (error) {
        if (error instanceof OutputFileError) throw usageError(error.message);
        throw usageError(`${flag}: cannot write ${file}: ${(error as { code?: string }).code ?? (error as Error).message}`);
      }
      ctx.io.err(`svc: wrote ${spec.field} (${Buffer.byteLength(value)} bytes) to ${file}\n`);
    },
  };
}

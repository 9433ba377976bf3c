import type { OperationSpec } from '../../registry/define.js';
import type { Context } from '../core/context.js';
import { readCommandInput } from './input-usage.js';

export interface FieldSaver {
  /** Writes the field of a successful answer to the file. */
  save(data: unknown): Promise<void>;
}

const camelCase = (flag: string): string => flag.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/**
 * The registry's `saveField` flag (`--save-html <file>`), checked before anything is sent, through
 * the context's door to files (src/output/saved-file.ts on the disk), so a typo costs no request.
 */
export async function prepareFieldSave(
  ctx: Pick<Context, 'io' | 'files' | 'secrets'>,
  op: OperationSpec,
  flags: Record<string, unknown>,
): Promise<FieldSaver | undefined> {
  const spec = op.saveField;
  const file = spec ? flags[camelCase(spec.flag)] : undefined;
  if (!spec || typeof file !== 'string') return undefined;
  const write = await readCommandInput(() => ctx.files.prepareWrite(file, `--${spec.flag}`));
  return {
    async save(data) {
      const value = data !== null && typeof data === 'object' ? (data as Record<string, unknown>)[spec.field] : undefined;
      if (typeof value !== 'string') return void ctx.io.err(`svc: warning: the response has no ${spec.field} text to write to ${file}\n`);
      await readCommandInput(() => write(ctx.secrets ? ctx.secrets.redact(value) : value)); // a file is output too: no secret in it
      ctx.io.err(`svc: wrote ${spec.field} (${Buffer.byteLength(value)} bytes) to ${file}\n`);
    },
  };
}

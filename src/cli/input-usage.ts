import { InputError, usageError } from '../errors.js';
import type { JsonSources } from '../input/body-source.js';
import type { Context } from '../core/context.js';

/** Runs a step that reads input; what it refuses (an InputError) becomes a usage error (exit 2, nothing sent). */
export async function readCommandInput<T>(read: () => T | Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof InputError) throw usageError(error.message);
    throw error;
  }
}

/** What `--body` reads, through the context's doors: standard input and the user's files. */
export const jsonSources = (ctx: Pick<Context, 'io' | 'files'>): JsonSources => ({
  stdin: (maxBytes, claim) => ctx.io.stdin(maxBytes, claim),
  readText: (path, maxBytes) => ctx.files.readText(path, maxBytes),
  claimStdin: (claim) => ctx.io.claimStdin?.(claim),
});

import type { ResultQuery } from '../output/query.js';
import { usageError } from '../errors.js';

/**
 * Compiles `--query` before anything is sent, so a mistake in it costs no request; the one place
 * single calls and batch read the option. JMESPath loads only when `--query` is given.
 */
export async function compileQueryOption(expression: string | undefined): Promise<ResultQuery | undefined> {
  if (expression === undefined) return undefined;
  const compiled = (await import('../output/query.js')).compileQuery(expression);
  if (!compiled.ok) throw usageError(`--query: ${compiled.message}`);
  return (result) => compiled.apply(result);
}

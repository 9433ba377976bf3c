import { areas } from '../../registry/areas.js';
import { builtins } from './builtins.js';
import { settleProcess } from '../core/process-context.js';
import { createCliContext } from './cli-context.js';
import { run } from './run.js';

/**
 * The top-level command words: bin/run-cli.cjs keeps a code cache per word (and one for no word), and
 * only for these, so a mistyped word never leaves a file behind.
 */
export const commandWords: readonly string[] = [...Object.keys(areas), ...Object.keys(builtins)];

/** The entry of dist/cli.cjs, the whole CLI: bin/run-cli.cjs runs it and returns the exit code for bin/svc.cjs to set. */
export function main(argv: readonly string[]): Promise<number> {
  return run(argv, createCliContext()).finally(settleProcess);
}

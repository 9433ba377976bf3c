import { areas } from '../../registry/areas.js';
import { builtins } from './builtins.js';
import { settleProcess } from '../core/process-context.js';
import { createCliContext } from './cli-context.js';
import { run, runFacts } from './run.js';

/**
 * The top-level command words: bin/run-cli.cjs keeps a code cache per word (and one for no word), and
 * only for these, so a mistyped word never leaves a file behind.
 */
export const commandWords: readonly string[] = [...Object.keys(areas), ...Object.keys(builtins)];

/** Whether the run just made was an added area's (svc areas add): bin/run-cli.cjs keeps one code cache for all of those. */
export const ranAddedArea = (): boolean => runFacts.addedArea;

/** The entry of dist/cli.cjs, the whole CLI: bin/run-cli.cjs runs it and returns the exit code for bin/svc.cjs to set. */
export function main(argv: readonly string[]): Promise<number> {
  return run(argv, createCliContext()).finally(settleProcess);
}

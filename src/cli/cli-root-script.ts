import { createCliContext } from './cli-context.js';
import { namesCommand, run } from './run.js';

/**
 * The entry of dist/cli-root.cjs, svc's root command alone (scripts/build/bundle.mjs): a run that
 * names no command (`svc`, `--help`, `--version`, a mistyped option) needs none of the commands,
 * the registry's operations, zod or undici, so bin/run-cli.cjs runs it with this ~5% of the CLI.
 * Returns the exit code, or undefined, having done nothing, when argv names a command after
 * global options (`svc --profile work email …`): dist/cli.cjs runs that.
 */
export function main(argv: readonly string[]): Promise<number> | undefined {
  const ctx = createCliContext();
  return namesCommand(argv, ctx) ? undefined : run(argv, ctx);
}

import type { Command } from 'commander';
import { areas } from '../../../registry/areas.js';
import type { Builtins } from '../builtin-entry.js';
import type { Context } from '../context.js';
import { usageError } from '../../errors.js';
import { didYouMean } from '../similar-word.js';

/**
 * `svc help reference` prints every command as one Markdown document (`gh help reference`).
 * `svc help <command words>` never reaches this module: it runs as `svc <command words> --help`
 * (see help-words.ts), so both print the same help. Loaded only for this command.
 */
export function register(program: Command, ctx: Context, builtins: Builtins): void {
  program.helpCommand(false);
  program
    .command('help')
    .description('Show help for a command (svc help email drafts get), or every command as Markdown (svc help reference)')
    .argument('[command...]', 'command words, or "reference"')
    .addHelpText('after', '\nExamples:\n  svc help crm entries create\n  svc help reference > svc-reference.md\n')
    .action(async (words: string[]) => {
      if (words.length === 1 && words[0] === 'reference') return printReference(ctx, builtins);
      const known = [...Object.keys(areas), ...Object.keys(builtins), 'reference'];
      throw usageError(`unknown command or help topic '${words[0]}'${didYouMean(words[0]!, known)}; \`svc --help\` lists the commands`);
    });
}
async function printReference(ctx: Context, builtins: Builtins): Promise<void> {
  const [{ readFullReference }, { renderMarkdown }] = await Promise.all([import('../reference/full-reference.js'), import('../reference/markdown.js')]);
  ctx.io.out(renderMarkdown(await readFullReference(ctx, builtins)));
}

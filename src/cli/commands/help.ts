import type { Command } from 'commander';
import type { Builtins } from '../builtin-entry.js';
import type { Context } from '../context.js';
import { usageError } from '../../errors.js';
import { buildFullTree } from '../full-tree.js';

/**
 * `svc help [command words]` shows that command's help, as `gh help pr create` does;
 * `svc help reference` prints every command as one Markdown document (`gh help reference`).
 * Loaded only for this command; it builds the whole tree, as help for any word may be asked.
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
      const tree = await buildFullTree(ctx, builtins);
      let command = tree;
      for (const word of words) {
        const next = command.commands.find((sub) => sub.name() === word);
        if (!next) throw usageError(`unknown command "${['svc', ...words].join(' ')}" for help; \`svc --help\` lists the commands`);
        command = next;
      }
      command.outputHelp();
    });
}

async function printReference(ctx: Context, builtins: Builtins): Promise<void> {
  const [{ readFullReference }, { renderMarkdown }] = await Promise.all([import('../reference/full-reference.js'), import('../reference/markdown.js')]);
  ctx.io.out(renderMarkdown(await readFullReference(ctx, builtins)));
}

import type { Command } from 'commander';
import { areas } from '../../../registry/areas.js';
import type { Builtins } from '../builtin-entry.js';
import type { Context } from '../../core/context.js';
import { usageError } from '../../errors.js';
import { didYouMean } from '../similar-word.js';

/**
 * `svc help topics` lists the guides and `svc help <topic>` prints one, as `gh help environment` does;
 * `svc help reference` prints every command as one Markdown document (`gh help reference`).
 * `svc help <command words>` never reaches this module: it runs as `svc <command words> --help`
 * (see help-words.ts), so both print the same help. Loaded only for this command.
 */
export function register(program: Command, ctx: Context, builtins: Builtins): void {
  program.helpCommand(false);
  program
    .command('help')
    .description('Show help for a command (svc help email drafts get), a guide (svc help topics), or every command as Markdown (svc help reference)')
    .argument('[command or topic...]', 'command words, a topic, "topics" or "reference"')
    .addHelpText('after', '\nExamples:\n  svc help crm entries create\n  svc help topics\n  svc help batch\n  svc help reference > svc-reference.md\n')
    .action(async (words: string[], _options, command: Command) => {
      if (words.length === 1 && words[0] === 'reference') return printReference(ctx, builtins, command);
      const [{ readGuides }, { guideAsText, topicList }] = await Promise.all([import('../reference/guides.js'), import('../reference/guide-terminal.js')]);
      const guides = readGuides();
      const columns = ctx.io.columns ?? 80;
      if (words.length === 1 && words[0] === 'topics') return ctx.io.out(topicList(guides, columns));
      const guide = words.length === 1 ? guides.find((g) => g.name === words[0]) : undefined;
      if (guide) return ctx.io.out(guideAsText(guide, columns));
      const known = [...Object.keys(areas), ...Object.keys(builtins), 'reference', 'topics', ...guides.map((g) => g.name)];
      throw usageError(
        `unknown command or help topic '${words.join(' ')}'${didYouMean(words[0]!, known)}; \`svc help topics\` lists the topics, \`svc --help\` the commands`,
      );
    });
}
/** Every command as Markdown: svc's own and the areas added to the profile. */
async function printReference(ctx: Context, builtins: Builtins, command: Command): Promise<void> {
  const [{ readFullReference }, { renderMarkdown }, { cliAreaTable, loadCliOperations }] = await Promise.all([
    import('../reference/full-reference.js'),
    import('../reference/markdown.js'),
    import('../area-table.js'),
  ]);
  const table = cliAreaTable(ctx, command, builtins);
  ctx.io.out(renderMarkdown(await readFullReference(ctx, builtins, { areas: table.areas, operations: await loadCliOperations(ctx, table) })));
}

import type { Command } from 'commander';
import { usageError } from '../../errors.js';
import { examplesHelp } from '../help-layout.js';
import { terminalSafeLine } from '../../output/terminal-safe.js';
import { aliasNameProblem, splitAliasWords } from '../aliases.js';
import type { Builtins } from '../builtin-entry.js';
import type { Context } from '../../core/context.js';

/** `svc alias set|list|delete`: short names for longer command lines, kept in the config file (gh's `gh alias`). */
export function register(program: Command, ctx: Context, builtins: Builtins): void {
  const alias = program
    .command('alias')
    .description('Create, list and delete aliases: short names for longer command lines')
    .addHelpText(
      'after',
      `
An alias expands before the command line is read, so its flags, help and completion are the
command's: \`svc dg dr_1 --output yaml\` runs \`svc email drafts get dr_1 --output yaml\`.
$1, $2… in the expansion take the arguments after the alias, in order; the rest follow it.
An alias never shadows one of svc's own commands and never runs a shell.

Examples:
  svc alias set dg 'email drafts get'
  svc alias set occ 'crm tasks series occurrences list $1 --output table'
  svc alias list
  svc alias delete dg
`,
    );

  alias
    .command('set <name> <expansion>')
    .description('Create an alias; --clobber replaces one of the same name')
    .option('--clobber', 'replace an existing alias of this name')
    .addHelpText(
      'after',
      examplesHelp([
        "svc alias set dg 'email drafts get'",
        "svc alias set occ 'crm tasks series occurrences list $1 --output table'",
        "svc alias set dg 'email drafts get --output yaml' --clobber",
      ]),
    )
    .action(async (name: string, expansion: string, options: { clobber?: boolean }, command: Command) => {
      // An area added to the profile (svc areas add) is a command like svc's own: an alias may stand for it, not shadow it.
      const { cliAreaTable } = await import('../area-table.js');
      const added = cliAreaTable(ctx, command, builtins).areas;
      const isBuiltIn = (word: string) => Object.hasOwn(builtins, word) || Object.hasOwn(added, word);
      const problem = aliasNameProblem(name, isBuiltIn);
      if (problem) throw usageError(problem);
      const words = splitAliasWords(expansion);
      if (!isBuiltIn(words[0]!)) throw usageError(`an alias must stand for svc's own words, and "${words[0]}" is not a command (\`svc --help\` lists them)`);
      const store = await ctx.config();
      let replaced: string | undefined;
      await store.updateAliases((current) => {
        replaced = Object.hasOwn(current, name) ? current[name] : undefined;
        if (replaced !== undefined && !options.clobber) throw usageError(`alias "${name}" already stands for "${replaced}"; add --clobber to replace it`);
        return { ...current, [name]: expansion };
      });
      ctx.io.err(
        replaced === undefined
          ? `Added alias ${name}: svc ${name} now runs svc ${expansion}\n`
          : `Changed alias ${name} from "${replaced}" to "${expansion}"\n`,
      );
    });

  alias
    .command('list')
    .description('List the aliases and what each stands for')
    .addHelpText('after', examplesHelp(['svc alias list']))
    .action(async () => {
      const aliases = (await ctx.config()).aliases();
      const names = Object.keys(aliases).sort();
      if (names.length === 0) ctx.io.err("No aliases yet; `svc alias set <name> '<words>'` adds one.\n");
      // The file may have been edited by hand: each alias stays one line, its control characters visible.
      for (const name of names) ctx.io.out(`${terminalSafeLine(name)}: ${terminalSafeLine(aliases[name]!)}\n`);
    });

  alias
    .command('delete <name>')
    .description('Delete an alias')
    .addHelpText('after', examplesHelp(['svc alias delete dg']))
    .action(async (name: string) => {
      const store = await ctx.config();
      await store.updateAliases((current) => {
        if (!Object.hasOwn(current, name)) throw usageError(`no alias named "${name}"; \`svc alias list\` lists them`);
        const { [name]: _removed, ...rest } = current;
        return rest;
      });
      ctx.io.err(`Deleted alias ${name}\n`);
    });
}

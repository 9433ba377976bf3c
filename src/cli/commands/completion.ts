import { type Command, Argument } from 'commander';
import { cliAreaTable, loadCliOperations } from '../area-table.js';
import { API_METHODS } from './api.js';
import { bashScript } from '../completion/bash.js';
import { fishScript } from '../completion/fish.js';
import { buildCompletionModel, withAliases } from '../completion/model.js';
import { splitAliasWords } from '../aliases.js';
import { zshScript } from '../completion/zsh.js';
import { powershellScript } from '../completion/powershell.js';
import type { Builtins } from '../builtin-entry.js';
import type { Context } from '../../core/context.js';
import { buildFullTree } from '../full-tree.js';

const SHELLS = { bash: bashScript, zsh: zshScript, fish: fishScript, powershell: powershellScript };

/** `svc completion bash|zsh|fish|powershell`: a script generated from the whole command tree. Loaded only for this command. */
export function register(program: Command, ctx: Context, builtins: Builtins): void {
  program
    .command('completion')
    .description('Print a completion script for bash, zsh, fish or PowerShell, generated from the registry')
    .addArgument(new Argument('<shell>', 'the shell to complete in').choices(Object.keys(SHELLS)))
    .addHelpText(
      'after',
      '\nExamples:\n  source <(svc completion bash)          # in ~/.bashrc\n  source <(svc completion zsh)           # in ~/.zshrc, after compinit\n  svc completion fish | source           # in ~/.config/fish/config.fish\n  svc completion powershell | Out-String | Invoke-Expression   # in $PROFILE\n\nAliases (svc alias set) complete as the commands they stand for; print the script again after adding one.\n',
    )
    .action(async (shell: keyof typeof SHELLS, _options, command: Command) => {
      // The areas added to the profile complete too, as they are when the script is printed.
      const table = cliAreaTable(ctx, command, builtins);
      const tree = await buildFullTree(ctx, builtins, table.areas);
      const model = buildCompletionModel(tree, { ops: Object.keys(await loadCliOperations(ctx, table)), api: API_METHODS });
      ctx.io.out(SHELLS[shell](withAliases(model, await aliasWords(ctx))));
    });
}

/** The user's aliases, by name, as words; one that no longer splits is left out of completion, not fatal. */
async function aliasWords(ctx: Context): Promise<Record<string, string[]>> {
  const aliases = (await ctx.config()).aliases();
  const words: Record<string, string[]> = {};
  for (const [name, expansion] of Object.entries(aliases)) {
    try {
      words[name] = splitAliasWords(expansion);
    } catch {
      // a hand-edited expansion that svc alias set would refuse: it completes as nothing
    }
  }
  return words;
}

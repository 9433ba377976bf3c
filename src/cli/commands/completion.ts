import { type Command, Argument } from 'commander';
import { loadAllOperations } from '../../../registry/all-areas.js';
import { API_METHODS } from './api.js';
import { bashScript } from '../completion/bash.js';
import { fishScript } from '../completion/fish.js';
import { buildCompletionModel } from '../completion/model.js';
import { zshScript } from '../completion/zsh.js';
import type { Builtins } from '../builtin-entry.js';
import type { Context } from '../context.js';
import { buildFullTree } from '../full-tree.js';

const SHELLS = { bash: bashScript, zsh: zshScript, fish: fishScript };

/** `svc completion bash|zsh|fish`: a script generated from the whole command tree. Loaded only for this command. */
export function register(program: Command, ctx: Context, builtins: Builtins): void {
  program
    .command('completion')
    .description('Print a completion script for bash, zsh or fish, generated from the registry')
    .addArgument(new Argument('<shell>', 'the shell to complete in').choices(Object.keys(SHELLS)))
    .addHelpText('after', '\nExamples:\n  source <(svc completion bash)          # in ~/.bashrc\n  source <(svc completion zsh)           # in ~/.zshrc, after compinit\n  svc completion fish | source           # in ~/.config/fish/config.fish\n')
    .action(async (shell: keyof typeof SHELLS) => {
      const tree = await buildFullTree(ctx, builtins);
      ctx.io.out(SHELLS[shell](buildCompletionModel(tree, { ops: Object.keys(await loadAllOperations()), api: API_METHODS })));
    });
}


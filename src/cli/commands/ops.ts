import type { Command } from 'commander';
import type { Operations } from '../../../registry/define.js';
import { cliAreaTable, loadCliOperations } from '../area-table.js';
import type { Context } from '../../core/context.js';
import type { Builtins } from '../builtin-entry.js';
import { editDistance } from '../../edit-distance.js';
import { usageError } from '../../errors.js';
import { describeOperation, formatDescription, operationSummary } from '../operation-description.js';
import { type OutputOptions, preparePresenter } from '../../core/presenter.js';
import { printPresentation } from '../report.js';

/**
 * `svc ops [id]`: every operation of the registry and of the areas added to the profile, or one in
 * full. It reads every area, which is fine: it is about all of them. Loaded only for this command.
 */
export function register(program: Command, ctx: Context, builtins: Builtins): void {
  program
    .command('ops')
    .description('List the operations, or show one in full: arguments, flags, schemas, examples')
    .argument('[id...]', 'an operation id (email_drafts_get) or its command words (email drafts get)')
    .addHelpText(
      'after',
      '\nExamples:\n  svc ops\n  svc ops email_drafts_get\n  svc ops crm entries create --output json\n  svc ops --query "[].id" --output ndjson\n',
    )
    .action(async (words: string[], _options, command: Command) => {
      const presenter = await preparePresenter(ctx, command.optsWithGlobals<OutputOptions>());
      const operations = await loadCliOperations(ctx, cliAreaTable(ctx, command, builtins));
      if (words.length === 0) return printPresentation(ctx, await presenter.present(Object.entries(operations).map(([id, op]) => operationSummary(id, op))));
      const id = words.join('_');
      const op = Object.hasOwn(operations, id) ? operations[id] : undefined;
      if (!op) throw usageError(`unknown operation "${words.join(' ')}"${suggestion(id, operations)}; \`svc ops\` lists them`);
      printPresentation(ctx, await presenter.present(describeOperation(id, op), (value) => formatDescription(value as ReturnType<typeof describeOperation>)));
    });
}

/** " (did you mean email_drafts_get?)" for an id a few edits away from a known one. */
function suggestion(id: string, operations: Operations): string {
  let best: { id: string; distance: number } | undefined;
  for (const known of Object.keys(operations)) {
    const distance = editDistance(id, known);
    if (distance <= Math.max(2, Math.floor(known.length / 4)) && (!best || distance < best.distance)) best = { id: known, distance };
  }
  return best ? ` (did you mean ${best.id}?)` : '';
}

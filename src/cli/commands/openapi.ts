import { type Command, Option } from 'commander';
import { api } from '../../../registry/api.js';
import { cliAreaTable, loadCliOperations } from '../area-table.js';
import type { Builtins } from '../builtin-entry.js';
import { buildOpenApiDocument } from '../../openapi/document.js';
import { renderValue } from '../../output/formats.js';
import { colorEnabled } from '../../output/color.js';
import type { Context } from '../../core/context.js';

/** `svc openapi [--format json|yaml]`: the registry as an OpenAPI 3.1 document. Loaded only for this command. */
export function register(program: Command, ctx: Context, builtins: Builtins): void {
  program
    .command('openapi')
    .description('Print an OpenAPI 3.1 document of every operation svc knows, generated from its registry')
    .addOption(new Option('--format <format>', 'document format').choices(['json', 'yaml']).default('json'))
    .addHelpText('after', '\nExamples:\n  svc openapi > workspace-api.json\n  svc openapi --format yaml > workspace-api.yaml\n')
    .action(async (options: { format: 'json' | 'yaml' }, command: Command) => {
      // The areas added to the profile are operations svc knows too.
      const table = cliAreaTable(ctx, command, builtins);
      const document = buildOpenApiDocument({ operations: await loadCliOperations(ctx, table), areas: table.areas, api });
      ctx.io.out(await renderValue(document, options.format, { color: colorEnabled(ctx.env, ctx.io.stdoutIsTTY), redact: (text) => text }));
    });
}

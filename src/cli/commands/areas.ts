import type { Command } from 'commander';
import type { GlobalOptions } from '../../config/target.js';
import type { Context } from '../../core/context.js';
import type { OutputOptions } from '../../core/presenter.js';
import { examplesHelp } from '../help-layout.js';

type Globals = GlobalOptions & OutputOptions;

/** A list flag given again adds to it (`--rename a=b --rename c=d` is `--rename a=b,c=d`), as `npm run registry:import` takes it. */
const joinRepeated = (value: string, previous: string | undefined): string => (previous === undefined ? value : `${previous},${value}`);

/**
 * `svc areas add|list|update|remove`: areas of the service learned from an OpenAPI description at
 * run time, per profile, kept compiled in svc's config folder; from then on each operation is a
 * command like svc's own. Loaded only for this command; the work is in src/cli/areas/ and src/areas/.
 */
export function register(program: Command, ctx: Context): void {
  const areas = program
    .command('areas')
    .description('Add areas of the service from an OpenAPI description, list, update and remove them')
    .addHelpText(
      'after',
      `
An added area's operations are commands like svc's own, with help, completion, --dry-run, --input
and svc mcp's tools, for the profile it was added to (--profile). svc checks the description as
\`npm run registry:import\` does and keeps it compiled: nothing in it is ever run.

Examples:
  svc areas add openapi.json
  svc areas add https://api.example.com/openapi.yaml --areas meetings,billing
  svc areas add github.json --rename credentials=github-credentials
  svc areas list
  svc areas update
  svc areas remove meetings
`,
    );

  areas
    .command('add')
    .description('Add the areas of an OpenAPI 3.0 or 3.1 description (JSON or YAML), from a file or an https URL')
    .argument('<file|url>', "the description: a file, or an https URL fetched through the profile's proxy")
    .option('--areas <names>', 'only these areas, by their names from the tags, separated by commas (repeatable)', joinRepeated)
    .option('--rename <tag=name,…>', 'add an area under another name (one svc already uses, say) (repeatable)', joinRepeated)
    .option('--with-credential', "send the profile's credential with the URL's request (to that origin only)")
    .option('--report <file>', 'write every place not mapped exactly, with its operation and what was done, as JSON')
    .addHelpText(
      'after',
      examplesHelp([
        'svc areas add openapi.json',
        'svc areas add https://api.example.com/openapi.yaml --with-credential',
        'svc areas add github.json --areas repos,issues --rename issues=gh-issues',
      ]),
    )
    .action(async (location: string, flags, command: Command) => {
      const { addArea } = await import('../areas/add.js');
      await addArea(ctx, location, flags, command.optsWithGlobals<Globals>());
    });

  areas
    .command('list')
    .description('List the areas added to the profile: their operations, where they came from, when')
    .addHelpText('after', examplesHelp(['svc areas list', 'svc areas list --output json']))
    .action(async (_flags, command: Command) => {
      const { listAreas } = await import('../areas/list.js');
      await listAreas(ctx, command.optsWithGlobals<Globals>());
    });

  areas
    .command('update')
    .description('Read the descriptions of added areas again (all, or those named) and compile them anew')
    .argument('[name...]', 'the areas to update; all when none is named')
    .addHelpText('after', examplesHelp(['svc areas update', 'svc areas update meetings billing']))
    .action(async (names: string[], _flags, command: Command) => {
      const [{ updateAreas }, { readStore }] = await Promise.all([import('../areas/add.js'), import('../areas/list.js')]);
      const globals = command.optsWithGlobals<Globals>();
      await updateAreas(ctx, names, globals, readStore(ctx, globals).index?.areas ?? {});
    });

  areas
    .command('remove')
    .description('Remove added areas from the profile')
    .argument('<name...>', 'the areas to remove')
    .addHelpText('after', examplesHelp(['svc areas remove meetings']))
    .action(async (names: string[], _flags, command: Command) => {
      const { removeAreas } = await import('../areas/list.js');
      await removeAreas(ctx, names, command.optsWithGlobals<Globals>());
    });
}

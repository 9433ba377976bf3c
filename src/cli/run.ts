import { type Command, CommanderError } from 'commander';
import { type AreaEntry, areas as declaredAreas } from '../../registry/areas.js';

const areas: Record<string, AreaEntry> = declaredAreas;
import { readAddedAreas } from '../areas/added-areas.js';
import { builtins } from './builtins.js';
import type { Context } from '../core/context.js';
import { SvcError, ExitCode, InputError, usageError } from '../errors.js';
import { guardContext } from './guarded-context.js';
import { copyWith } from '../core/secrets.js';
import { claimStdinOnce } from '../core/stdin-claims.js';
import { type CommandLine, optionPart, readCommandLine, type Walk, walkCommands } from './command-line.js';
import { argvForCommander, firstUnknownOption, helpAsFlag } from './help-words.js';
import { passwordsInUrls } from '../auth/redaction.js';
import { commanderExitCode, createRootProgram } from './program.js';
import { terminalSafeLine } from '../output/terminal-safe.js';

/** What a run did that its caller keeps a code cache by (bin/run-cli.cjs): it ran an added area's command. */
export const runFacts = { addedArea: false };

/** Global options that take a value, so the first command word can be found before the tree is built. */
function valueOptions(program: Command): Set<string> {
  const names = program.options.filter((o) => o.required || o.optional).flatMap((o) => [o.long, o.short]);
  return new Set(names.filter((name): name is string => name !== undefined));
}

/** Whether argv names a command: `svc --profile work email …` does, `svc --help` and `svc --base-url <url>` do not. */
export function namesCommand(argv: readonly string[], ctx: Context): boolean {
  return readCommandLine(argv, valueOptions(createRootProgram(ctx))).first !== undefined;
}

/** Runs svc with these arguments in this context and returns the exit code. */
export async function run(given: readonly string[], world: Context): Promise<number> {
  // A password in a URL on the command line (--base-url https://user:pass@…) is refused, and never printed.
  const guarded = guardContext(world, passwordsInUrls(given));
  // Standard input is claimed once per run, whoever reads it (src/core/stdin-claims.ts).
  const ctx = copyWith(guarded, { io: claimStdinOnce(guarded.io) });
  const program = createRootProgram(ctx);
  try {
    refuseUndecodable(given);
    // argv is read once here; an alias or `svc help <command>` rewrites it, and it is read again only then.
    const takesValue = valueOptions(program);
    const added = addedAreasOf(ctx);
    const topLevel = (word: string, at: CommandLine) => Object.hasOwn(areas, word) || Object.hasOwn(builtins, word) || Object.hasOwn(added(at), word);
    const read = readCommandLine(given, takesValue);
    const expanded = await expandAliases(read, ctx, takesValue, (word) => topLevel(word, read));
    const line = helpAsFlag(expanded, takesValue, (word) => topLevel(word, expanded));
    const word = line.first?.word;
    await addCommandsFor(program, word, ctx, line, added);
    // One walk down the tree serves a bare group's help and an unknown word's.
    const walk = walkCommands(program, line, firstUnknownOption(program, line));
    // No command word: help on stdout, exit 0; commander still refuses an unknown option (exit 2).
    if (word === undefined) program.action(() => program.outputHelp());
    else if (isBareGroup(program, walk, line)) walk.command.action(() => walk.command.outputHelp());
    await program.parseAsync(argvForCommander(line, walk), { from: 'user' });
    return ExitCode.ok;
  } catch (error) {
    return reportError(ctx, error, given.includes('--debug'));
  }
}

/**
 * `svc email`, `svc crm tasks`, `svc config` alone: the group's help on stdout, exit 0, as `svc`
 * alone (commander would print it on stderr, as for an error). Only when argv names the group and
 * no word after it, so `svc email nonsense` stays an unknown command (exit 2).
 */
function isBareGroup(program: Command, walk: Walk, line: CommandLine): boolean {
  const { command } = walk;
  return walk.named && line.end < 0 && command !== program && command.commands.length > 0 && command.registeredArguments.length === 0;
}

/** The areas added to the profile argv names (`--profile`, else SERVICE_PROFILE, else default), each profile's index read once, when asked. */
function addedAreasOf(ctx: Context): (line: CommandLine) => Record<string, AreaEntry> {
  const read = new Map<string, Record<string, AreaEntry>>();
  const taken = (name: string) => Object.hasOwn(builtins, name) || Object.hasOwn(areas, name);
  return (line) => {
    const profile = profileOf(line) || ctx.env.SERVICE_PROFILE || 'default';
    let found = read.get(profile);
    if (!found) {
      const store = readAddedAreas(ctx.env, profile, taken);
      // One line for a store that cannot be used, and svc goes on with its built-in areas.
      if (store.notice) ctx.io.err(`svc: warning: ${terminalSafeLine(store.notice)}\n`);
      found = store.areas;
      read.set(profile, found);
    }
    return found;
  };
}

/** `--profile <name>` or `--profile=<name>` before `--`, as commander reads it (the last one given wins). */
function profileOf(line: CommandLine): string | undefined {
  let profile: string | undefined;
  const options = optionPart(line);
  options.forEach((arg, i) => {
    if (arg === '--profile' && i + 1 < options.length) profile = options[i + 1];
    else if (arg.startsWith('--profile=')) profile = arg.slice('--profile='.length);
  });
  return profile;
}

/**
 * A first word that is neither a command nor an area may be an alias (`svc alias set`): the config
 * is read only then, so a command's start-up pays nothing for aliases. An area added to the profile
 * (svc areas add) is an area like svc's own.
 */
async function expandAliases(line: CommandLine, ctx: Context, takesValue: ReadonlySet<string>, isTopLevel: (word: string) => boolean): Promise<CommandLine> {
  const word = line.first?.word;
  if (word === undefined || isTopLevel(word)) return line;
  const aliases = (await ctx.config()).aliases();
  if (!Object.hasOwn(aliases, word)) return line;
  const { expandAlias, splitAliasWords } = await import('./aliases.js');
  return readCommandLine(expandAlias(line.argv, line.first!.at, splitAliasWords(aliases[word]!)).argv, takesValue);
}

/**
 * Node decodes argv as UTF-8 and turns invalid bytes into U+FFFD; sent on, it would change the
 * value silently. A real U+FFFD in an argument is rare enough to refuse too.
 */
function refuseUndecodable(argv: readonly string[]): void {
  const index = argv.findIndex((arg) => arg.includes('\uFFFD'));
  if (index >= 0)
    throw new SvcError(`argument ${index + 1} ("${argv[index]}") is not valid UTF-8: it holds U+FFFD, the mark of undecodable bytes`, ExitCode.usage);
}

/**
 * Builds only the branch argv names; an unknown or missing word gets every top-level name for help
 * and suggestions (the added areas' too, but for `--version`, which lists nothing).
 */
async function addCommandsFor(
  program: Command,
  word: string | undefined,
  ctx: Context,
  line: CommandLine,
  added: (line: CommandLine) => Record<string, AreaEntry>,
): Promise<void> {
  const builtin = word !== undefined && Object.hasOwn(builtins, word) ? builtins[word] : undefined;
  if (builtin) return (await builtin.load()).register(program, ctx, builtins);
  const area = word !== undefined && Object.hasOwn(areas, word) ? areas[word] : undefined;
  // The tree builder reads field meanings through zod's metadata: it loads with the area, which needs zod anyway.
  if (area) {
    const [{ addAreaCommands }, operations] = await Promise.all([import('./tree.js'), area.load()]);
    return addAreaCommands(program, word!, area.summary, operations, ctx, holdsInput(line));
  }
  const listing = word === undefined && asksVersion(line) ? {} : added(line);
  const addedArea = word !== undefined && Object.hasOwn(listing, word) ? listing[word] : undefined;
  if (addedArea) {
    runFacts.addedArea = true;
    const [{ addAreaCommands }, operations] = await Promise.all([import('./tree.js'), addedArea.load()]);
    const after = line.words.slice(1).map((item) => item.word);
    return addAreaCommands(program, word!, addedArea.summary, operations, ctx, holdsInput(line), after);
  }
  for (const [name, entry] of [...Object.entries(areas), ...Object.entries(listing), ...Object.entries(builtins)])
    program.command(name).description(entry.summary);
}

/** `-V` or `--version` before `--`: commander prints the version, whatever else argv holds. */
const asksVersion = (line: CommandLine): boolean => optionPart(line).some((arg) => arg === '-V' || arg === '--version');

/** Batch mode: positional arguments become optional, since each line may give them. */
function holdsInput(line: CommandLine): boolean {
  return optionPart(line).some((arg) => arg === '--input' || arg.startsWith('--input='));
}

function reportError(ctx: Context, error: unknown, debug: boolean): number {
  if (error instanceof CommanderError) return commanderExitCode(error);
  // Refused input that no step turned into a usage error is one all the same: exit 2, one line.
  if (error instanceof InputError) return reportError(ctx, usageError(error.message), debug);
  if (error instanceof SvcError) {
    // One error, one line: a server's message cannot start a line of its own (a forged `svc:` line).
    ctx.io.err(`svc: ${terminalSafeLine(error.message)}\n`);
    if (debug && error.debugDetail) ctx.io.err(`${error.debugDetail}\n`);
    return error.exitCode;
  }
  const message = error instanceof Error ? error.message : String(error);
  ctx.io.err(`svc: unexpected error: ${terminalSafeLine(message)}${debug ? '' : ' (run with --debug for more)'}\n`);
  if (debug && error instanceof Error && error.stack) ctx.io.err(`${error.stack}\n`);
  return ExitCode.api;
}

import { Command, CommanderError, Option } from 'commander';
import { api } from '../../registry/api.js';
import { colorEnabled } from '../output/color.js';
import { OUTPUT_FORMATS } from '../output/formats.js';
import { VERSION } from '../version.js';
import { buildName } from './build-name.js';
import type { Context } from '../core/context.js';
import { examplesHelp, formatHelpItem, MIN_DESCRIPTION_WIDTH, wrapHelpText } from './help-layout.js';

export const EXIT_CODES_HELP = `Exit codes:
  0  success
  1  API error (the service answered with an error status)
  2  usage or invalid input: nothing was sent
  3  network failure, timeout or unreadable response
  4  authentication: no credential, or the service answered 401
  5  not found: the service answered 404
  6  output failure (--query failed on the answer, or stdout is not writable):
     any request was sent; the answer is printed whole when stdout works
  7  partial: --paginate stopped at a page it could not read or follow;
     the items of the pages before it are printed
  8  batch stopped: another run took over its --checkpoint, or it could
     not be written (a full disk); nothing more was sent
  9  --wait-for failed: its --wait-fail condition became true
  124  --wait-for timed out (--wait-timeout) before its condition was met
  129  stopped by SIGHUP (the terminal was closed)
  130  interrupted (Ctrl-C)
  141  batch stopped: standard output was closed
  143  stopped by SIGTERM (a CI time-out, docker stop)`;

/** The first commands a reader tries; each area's and command's help has its own. */
const ROOT_EXAMPLES = [
  'svc mock --port 4010 &',
  'svc email drafts get dr_123',
  "svc crm entries create deals --data name='Acme renewal' --data amount:=12000",
  'svc files delete notes/todo.md --yes',
  'svc help crm entries create',
  'svc help topics',
];

const ENVIRONMENT_HELP = `Environment:
  SERVICE_API_KEY   workspace API key; used before a stored session token
  SERVICE_BASE_URL  base URL ending in /v1 (after --base-url, before the
                    profile's)
  SERVICE_PROFILE   profile to use (after --profile)
  SVC_CONFIG_DIR    folder of the settings file and the added areas
  SVC_RETRY_BASE_MS ceiling of the first retry wait in ms (default 500;
                    doubles per retry)
  NO_COLOR, FORCE_COLOR  turn colour off or on`;

/** Turns commander's own messages into one line: "unknown option '--x' (Did you mean --y?)". */
export function commanderErrorLine(message: string): string {
  return message
    .trim()
    .replace(/^error: /, '')
    .replace(/\s*\n\s*/g, ' ');
}

/** The root command: global options that work before or after the command words, as in gh. */
export function createRootProgram(ctx: Context): Command {
  const program = new Command('svc');
  program
    .description('Command-line tool for the Workspace API')
    .version(
      `svc ${VERSION} (${api.title} ${api.version}; ${buildName()})`,
      '-V, --version',
      'print the CLI version, the API description version and the build',
    )
    .addOption(new Option('--base-url <url>', 'base URL of the API, ending in /v1'))
    .addOption(new Option('--profile <name>', 'settings profile (one per workspace)'))
    .addOption(new Option('--timeout <seconds>', 'timeout of each attempt, whole request and answer, in seconds (default 30)'))
    .addOption(new Option('--retries <n>', 'retries of idempotent operations on 429, 5xx and lost connections (default 3, 0 off)'))
    .addOption(new Option('--strict', "exit 3 when a response does not match the registry's schema"))
    .addOption(new Option('--debug', 'trace requests and responses on stderr (tokens redacted)'))
    .addOption(new Option('--dry-run', 'print the request that would be sent and send nothing'))
    .addOption(new Option('--output <format>', 'output format (default: a table or coloured JSON on a terminal, JSON when piped)').choices(OUTPUT_FORMATS))
    .addOption(new Option('--query <expression>', 'JMESPath expression applied to the response before formatting'))
    .helpOption('-h, --help', 'show help')
    .configureHelp({ showGlobalOptions: true, formatItem: formatHelpItem, minWidthToWrap: MIN_DESCRIPTION_WIDTH })
    .showSuggestionAfterError(true)
    .exitOverride()
    .configureOutput({
      // commander writes only help and the version here; every line of it fits the width.
      writeOut: (text) => ctx.io.out(wrapHelpText(text, outWidth(ctx))),
      writeErr: (text) => ctx.io.err(wrapHelpText(text, errWidth(ctx))),
      // An error is one line, never wrapped.
      outputError: (text) => ctx.io.err(`svc: ${commanderErrorLine(text)}\n`),
      getOutHelpWidth: () => outWidth(ctx),
      getErrHelpWidth: () => errWidth(ctx),
      getOutHasColors: () => colorEnabled(ctx.env, ctx.io.stdoutIsTTY),
      getErrHasColors: () => colorEnabled(ctx.env, ctx.io.stderrIsTTY),
    })
    .addHelpText('after', `${examplesHelp(ROOT_EXAMPLES)}\n${ENVIRONMENT_HELP}\n\n${EXIT_CODES_HELP}\n`);
  return program;
}

// Asked through ctx rather than process.stdout, so help printed to a pipe sets up no stream;
// 80 columns off a terminal, as commander does.
const outWidth = (ctx: Context): number => ctx.io.columns ?? 80;
const errWidth = (ctx: Context): number => (ctx.io.stderrIsTTY ? ctx.io.columns : undefined) ?? 80;

/** Exit code for an error commander raised: help and version are successes, the rest usage errors. */
export function commanderExitCode(error: CommanderError): number {
  if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help') return 0;
  return 2;
}

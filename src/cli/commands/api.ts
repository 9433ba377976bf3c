import { type Command, Option } from 'commander';
// zod/mini, as the registry uses: classic zod would add ~12 ms to every `svc api` call (README, Speed).
import * as z from 'zod/mini';
import { type HttpMethod, isIdempotentMethod, type OperationSpec } from '../../../registry/define.js';
import { checkRawPath, isUnderBase } from '../../client/raw-path.js';
import type { HttpRequest } from '../../client/transport.js';
import { type GlobalOptions, resolveTarget } from '../../config/target.js';
import { BODY_FROM_STDIN, MAX_BODY_FILE_BYTES, readJsonSource, readsStdin, stdinClaim } from '../../input/body-source.js';
import { readRequestHeaders } from '../request-headers.js';
import { InputError, usageError } from '../../errors.js';
import { mayNameFile, parseAssignments } from '../../input/operation-input.js';
import { buildQueryString } from '../../input/query-params.js';
import type { Context } from '../../core/context.js';
import { dispatch } from '../dispatch.js';
import { readPaging } from '../execute.js';
import { jsonSources, readCommandInput } from '../input-usage.js';
import { type OutputOptions, preparePresenter } from '../../core/presenter.js';
import { WAIT_FLAGS } from '../../input/wait-flags.js';
import type { WaitRequest } from '../wait-options.js';

export const API_METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

interface ApiOptions {
  body?: string;
  data?: string[];
  queryParam?: string[];
  header?: string[];
  headerAuthorizationOk?: boolean;
  include?: boolean;
  input?: string;
  paginate?: boolean;
  maxPages?: string;
  maxItems?: string;
  rate?: string;
  waitFor?: string;
  waitFail?: string;
  waitTimeout?: string;
  waitInterval?: string;
}

const collect = (value: string, previous: string[] | undefined): string[] => [...(previous ?? []), value];

const EXAMPLES = `
Examples:
  svc api GET /email/drafts/dr_123
  svc api GET /crm/tasks/series/ser_weekly/occurrences --query "[?status=='open'].taskId"
  svc api POST /crm/objects/deals/entries --data data:='{"name":"Acme renewal"}'
  svc api DELETE /files --body '{"path":"tmp/scratch.txt"}' --dry-run
  svc api GET /meetings --query-param limit:=10 --query-param tag=a --query-param tag=b
  svc api GET /crm/tasks/series/ser_weekly/occurrences --paginate --output ndjson
  svc api GET /email/drafts/dr_123 -i -H 'Accept-Language: fr'
  svc api POST /crm/objects/deals/entries --input entry.json
`;

/**
 * `svc api <METHOD> <path>`: any endpoint under the base URL, for the areas the registry does not
 * describe yet, with the same credentials, errors, exit codes and output as generated commands.
 */
export function register(program: Command, ctx: Context): void {
  const command = program
    .command('api')
    .description('Call any endpoint under the base URL with the same credentials, errors and output as other commands')
    .argument('<method>', `HTTP method: ${API_METHODS.join(', ')}`)
    .argument('<path>', 'path under the base URL, such as /email/drafts/dr_123; a ?query may follow')
    .addOption(new Option('--body <json|@file|->', 'the request body as JSON; --data applies on top of it'))
    .addOption(new Option('--data <key=value>', 'a body field: key=value, key:=json or key[]=value (repeatable)').argParser(collect))
    .addOption(new Option('--query-param <key=value>', 'a query parameter (repeatable; a repeated key repeats the parameter)').argParser(collect))
    .addOption(new Option('--input <file|->', 'the request body as given, from a file or - for standard input, sent unchanged (not with --body or --data)'))
    .addOption(new Option('-H, --header <name: value>', 'a request header (repeatable); Authorization needs --header-authorization-ok').argParser(collect))
    .addOption(new Option('--header-authorization-ok', 'let -H Authorization replace the credential svc would send'))
    .addOption(new Option('-i, --include', 'show the status and headers: on stderr, or with --output json in one {status, headers, body} object'))
    .addOption(new Option('--paginate', 'GET only: read every page (Link rel="next") and print the items as one list').helpGroup('Paging options:'))
    .addOption(new Option('--max-pages <n>', 'with --paginate, read at most this many pages (default 1000)').helpGroup('Paging options:'))
    .addOption(new Option('--max-items <n>', 'with --paginate, print at most this many items (default 100000)').helpGroup('Paging options:'))
    .addOption(
      new Option(
        '--rate <n>',
        'with --paginate or --wait-for, send at most n requests per second: n, n/s or n/m (default: the profile setting rate)',
      ).helpGroup('Paging options:'),
    );
  for (const flag of WAIT_FLAGS) command.addOption(new Option(`--${flag.name} ${flag.value}`, `GET or PUT: ${flag.help}`).helpGroup('Wait options:'));
  command
    .addHelpText('after', `\nThe path is relative to the base URL and cannot leave it (no scheme, host, "//" or "..").\n${EXAMPLES}`)
    .action(async (method: string, path: string, options: ApiOptions, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions & OutputOptions>();
      const verb = checkMethod(method);
      const route = checkRawPath(path);
      if (!route.ok) throw usageError(`<path>: ${route.message}`);
      const query = [route.query, await readCommandInput(() => buildQueryString(options.queryParam ?? []))].filter(Boolean).join('&');
      const headers = await readCommandInput(() => readRequestHeaders(options.header ?? [], options.headerAuthorizationOk === true));
      claimStdinFirst(ctx, options);
      const raw = options.input === undefined ? undefined : await readCommandInput(() => readRawInput(ctx, options));
      const body = raw === undefined ? await readCommandInput(() => readRawBody(ctx, options)) : undefined;
      if ((body !== undefined || raw !== undefined) && verb === 'GET') throw usageError('a GET request has no body; give parameters with --query-param');
      const waits = WAIT_FLAGS.some((flag) => options[flag.key] !== undefined);
      if (options.rate !== undefined && !options.paginate && !waits)
        throw usageError('--rate needs --paginate or --wait-for: it paces the pages of a list, or the polls of a wait');
      const pages = await readPaging(options as Record<string, unknown>);
      if (pages && verb !== 'GET') throw usageError(`--paginate reads a list: it applies to GET, not ${verb}`);
      if (pages && options.include) throw usageError('-i shows one answer; it does not apply with --paginate');
      const op = rawOperation(verb, `${route.path}${query ? `?${query}` : ''}`, body !== undefined || raw !== undefined);
      const wait = waits ? await readRawWait(verb, op, options) : undefined;
      keepSecret(ctx, headers.authorization);
      const presenter = await preparePresenter(ctx, globals);
      const target = await resolveTarget(ctx, globals, { needCredential: !globals.dryRun && headers.authorization === undefined });
      // Already checked and encoded: the path is sent as it is, the body as given.
      const call = { op, input: { params: {}, path: op.path, body: body as Record<string, unknown> | undefined } };
      // The request as built, with --input's bytes as its body and -H's headers, stays under the base URL.
      const checkRequest = (request: HttpRequest): void => {
        if (raw !== undefined) request.body = raw;
        Object.assign(request.headers, headers);
        if (!isUnderBase(request.url, target.baseUrl)) throw usageError(`<path>: ${path} leads outside the base URL ${target.baseUrl}`);
      };
      const include = options.include ? { envelope: globals.output === 'json' } : undefined;
      await dispatch(ctx, { call, target, globals, presenter, checkRequest, pages, include, ...(wait ? { wait } : {}) });
    });
}

/**
 * `--wait-for` on a raw request: a GET, or a PUT (HTTP's idempotent write), sent again until the
 * condition holds. Nothing is declared about the endpoint, so its method is all there is to go by:
 * a POST or PATCH may be applied at every poll, and a DELETE is waited on with a GET of what it removed.
 */
async function readRawWait(verb: HttpMethod, op: OperationSpec, options: ApiOptions): Promise<WaitRequest> {
  if (verb === 'DELETE')
    throw usageError(`--wait-for: svc api DELETE cannot wait: each poll would send the DELETE again; wait with a GET of what it removes (--wait-for deleted)`);
  if (options.include) throw usageError('-i shows one answer; it does not apply with --wait-for');
  const { readWaitRequest } = await import('../wait-options.js');
  return readCommandInput(() => readWaitRequest(`svc api ${verb}`, op, options as Record<string, unknown>));
}

function checkMethod(method: string): HttpMethod {
  const verb = method.toUpperCase() as HttpMethod;
  if (!API_METHODS.includes(verb)) throw usageError(`<method>: "${method}" is not one of ${API_METHODS.join(', ')}`);
  return verb;
}

/** Every claim on standard input this command line makes, before anything is read: a pair is refused before either waits for input. */
function claimStdinFirst(ctx: Context, options: ApiOptions): void {
  if (options.input === '-') ctx.io.claimStdin?.(RAW_FROM_STDIN);
  if (options.body === '-') ctx.io.claimStdin?.(BODY_FROM_STDIN);
  for (const item of options.data ?? []) if (readsStdin(item)) ctx.io.claimStdin?.(stdinClaim('--data', item));
}

const RAW_FROM_STDIN = '--input -';

/** `--input <file|->`: the body exactly as given, UTF-8 text; not with --body or --data. */
async function readRawInput(ctx: Context, options: ApiOptions): Promise<string> {
  if (options.body !== undefined || options.data) throw new InputError('--input is the whole body as given; it does not combine with --body or --data');
  const source = options.input!;
  if (source !== '-') return ctx.files.readText(source, MAX_BODY_FILE_BYTES);
  const text = await ctx.io.stdin(MAX_BODY_FILE_BYTES, RAW_FROM_STDIN);
  if (text.includes('\uFFFD')) throw new InputError('--input: standard input is not valid UTF-8');
  return text;
}

/** A credential given with -H Authorization is redacted as svc's own is: whole, and without its scheme. */
function keepSecret(ctx: Context, authorization: string | undefined): void {
  if (authorization === undefined || !ctx.secrets) return;
  ctx.secrets.add(authorization);
  const credential = authorization.replace(/^\S+\s+/, '');
  if (credential !== '' && credential !== authorization) ctx.secrets.add(credential);
}

/** `--body` as the base, `--data` fields on top; undefined when neither is given. */
async function readRawBody(ctx: Context, options: ApiOptions): Promise<unknown> {
  const base = options.body === undefined ? undefined : (await readJsonSource(options.body, jsonSources(ctx))).value;
  if (!options.data) return base;
  const isObject = base !== null && typeof base === 'object' && !Array.isArray(base);
  if (base !== undefined && !isObject) throw new InputError('--data needs --body to be a JSON object');
  const fields = options.data.some(mayNameFile)
    ? await (await import('../../input/field-files.js')).readFieldAssignments('--data', options.data, jsonSources(ctx))
    : parseAssignments('--data', options.data);
  return { ...(base as object | undefined), ...fields };
}

/**
 * An operation for one raw call: the path is already checked and encoded, and any JSON answer is
 * accepted. Nothing is declared about an endpoint outside the registry, so its method is all there is to go by.
 */
function rawOperation(method: HttpMethod, path: string, hasBody: boolean): OperationSpec {
  const safety = method === 'GET' ? 'safe' : isIdempotentMethod(method) ? 'idempotent' : 'unsafe';
  return { method, path, summary: `${method} ${path}`, args: [], response: z.unknown(), safety, examples: [], ...(hasBody ? { body: z.unknown() } : {}) };
}

import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../../src/mock/server.js';
import { createMemoryKeyring } from '../support/fake-context.js';
import { runSvc } from '../support/svc.js';
import { tempFolder } from '../support/temp-folder.js';
import { type Example, examplesOf, withoutComment } from './doc-examples.js';
import { type CommandList, type Pipeline, parseLine, printf, tokenize } from './doc-shell.js';
import { guideFiles } from './doc-sources.js';

// Docs that cannot drift: every svc line of a `sh` block in the README and the guides runs as a
// user would type it, against a real mock on 127.0.0.1, and must succeed. Each page starts in an
// empty folder, its lines run in order there (the folder is the process's working directory, as a
// shell's is), so an example has only the files its page tells the reader to make (`svc mock
// --example-files .` writes the input files). svc runs in-process (runSvc: `run` with the real
// undici transport, in the page's folder); settings (a file) and keyring (in memory) are the page's
// own; the mock is reset before each line.

const pages = ['README.md', ...guideFiles()].map((path) => ({ path, examples: examplesOf(path) })).filter((page) => page.examples.length > 0);

let mock: MockServer;
beforeAll(async () => {
  mock = await startMockServer({ port: 0 });
});
afterAll(() => mock?.close());

/** A reader's world while following one page: a folder to work in, settings and a keyring. */
interface PageWorld {
  folder: string;
  settings: string;
  keyring: ReturnType<typeof createMemoryKeyring>;
}

const newWorld = (): PageWorld => ({ folder: tempFolder('svc-doc-page-'), settings: tempFolder('svc-doc-settings-'), keyring: createMemoryKeyring() });
const inFolder = (world: PageWorld, file: string): string => (isAbsolute(file) ? file : join(world.folder, file));

const env = (): Record<string, string> => ({
  SERVICE_BASE_URL: mock.url,
  SERVICE_API_KEY: mock.apiKey,
  AGENT_TOKEN: 'svc_agent_docs_example_token',
  NO_COLOR: '1',
});

/** svc, in-process, with what the shell would give it: arguments, standard input, the page's folder and settings. */
async function svc(words: string[], stdin: string, world: PageWorld): Promise<{ code: number; out: string; err: string }> {
  const done = await runSvc(words, { env: { ...env(), SVC_CONFIG_DIR: world.settings }, input: stdin, cwd: world.folder, keyring: world.keyring });
  return { code: done.code, out: done.stdout, err: done.stderr };
}

/** One pipeline: `cat` and `printf` feed the next command's standard input; svc runs last. */
async function runPipeline(pipeline: Pipeline, world: PageWorld): Promise<{ code: number; out: string; err: string }> {
  let input = '';
  let done = { code: 0, out: '', err: '' };
  for (const command of pipeline) {
    const [name, ...args] = command.words;
    if (name === 'svc') done = await svc(args, input, world);
    else if (name === 'cat') done = { code: 0, out: args.map((file) => readFileSync(inFolder(world, file), 'utf8')).join(''), err: '' };
    else if (name === 'printf') done = { code: 0, out: printf(args), err: '' };
    else if (name === 'echo') done = { code: 0, out: `${args.join(' ')}\n`, err: '' };
    else throw new Error(`the example runner does not run ${name} in-process`);
    if (command.stdoutTo !== undefined) {
      writeFileSync(inFolder(world, command.stdoutTo), done.out);
      done = { ...done, out: '' };
    }
    input = done.out;
  }
  return done;
}

/** A line as a shell runs it; its svc commands must succeed (a `||` fallback must not be needed). */
async function runLine(list: CommandList, world: PageWorld): Promise<{ code: number; err: string }> {
  let last = await runPipeline(list.first, world);
  for (const { op, pipeline } of list.rest) {
    if (op === '||') continue;
    if (last.code !== 0) break;
    last = await runPipeline(pipeline, world);
  }
  return last;
}

describe('the examples of the README and the guides', () => {
  it('are found: the runnable examples of every page are read', () => {
    const all = pages.flatMap((page) => page.examples);
    expect(all.length).toBeGreaterThanOrEqual(60);
    expect(all.map((e) => e.command)).toContain('svc email drafts get dr_123');
    expect(all.map((e) => e.command)).toContain('svc mock --example-files .');
  });

  describe.each(pages)('$path', ({ examples }) => {
    let world: PageWorld;
    beforeAll(() => {
      world = newWorld();
      expect(readdirSync(world.folder)).toEqual([]);
    });

    it.each(examples.map((example: Example) => [example.where, example.command] as const))('%s: %s', async (_where, command) => {
      mock.reset();
      const done = await runLine(parseLine(command, env()), world);
      expect({ command, code: done.code, err: done.err }).toEqual({ command, code: 0, err: expect.any(String) });
    });
  });
});

describe('svc mock --example-files', () => {
  it('writes the input files into an empty folder, and keeps a file of that name already there', async () => {
    const world = newWorld();
    const folder = world.folder;
    writeFileSync(`${folder}/deals.ndjson`, 'mine\n');
    const done = await svc(['mock', '--example-files', '.'], '', world);
    expect(done.code).toBe(0);
    expect(readdirSync(folder).sort()).toEqual(['deals.ndjson', 'leads.csv', 'meetings.yaml', 'paths.ndjson', 'recipients.ndjson']);
    expect(readFileSync(`${folder}/deals.ndjson`, 'utf8')).toBe('mine\n');
    expect(done.err).toMatch(/^Wrote .*leads\.csv.*; kept .*deals\.ndjson, already there\.\n$/);
    expect(existsSync(`${folder}/leads.csv`)).toBe(true);
  });

  it('names a folder that does not exist, exit 2', async () => {
    const done = await svc(['mock', '--example-files', 'none'], '', newWorld());
    expect(done.code).toBe(2);
    expect(done.err).toBe('svc: --example-files: the folder none does not exist\n');
  });
});

describe('the reader of examples', () => {
  it.each([
    ['svc email drafts get dr_123   # one draft', 'svc email drafts get dr_123'],
    ["svc api GET /x --query 'a#b' # note", "svc api GET /x --query 'a#b'"],
    ['# only a comment', ''],
  ])('takes the comment off %j', (line, expected) => {
    expect(withoutComment(line)).toBe(expected);
  });

  it('reads quotes, variables, pipes, redirections and fallbacks as a shell does', () => {
    const vars = { AGENT_TOKEN: 'svc_agent_x', EMPTY: '' };
    expect(tokenize(`svc a --data name='Acme renewal' --query "[?s=='open'].id" x"$AGENT_TOKEN"y '$1'`, vars)).toEqual(
      ['svc', 'a', '--data', 'name=Acme renewal', '--query', "[?s=='open'].id", 'xsvc_agent_xy', '$1'].map((word) => ({ word })),
    );
    expect(parseLine(`printf '%s' "$AGENT_TOKEN" | svc auth login`, vars).first).toEqual([
      { words: ['printf', '%s', 'svc_agent_x'] },
      { words: ['svc', 'auth', 'login'] },
    ]);
    expect(parseLine('svc x > out.json || echo "failed $?"', vars)).toEqual({
      first: [{ words: ['svc', 'x'], stdoutTo: 'out.json' }],
      rest: [{ op: '||', pipeline: [{ words: ['echo', 'failed $?'] }] }],
    });
    expect(parseLine('source <(svc completion bash)', vars).first).toEqual([{ words: ['svc', 'completion', 'bash'] }]);
    expect(printf(['%s\\n', 'a'])).toBe('a\n');
  });

  it.each(['svc mock &', 'svc x; rm -rf y', 'svc $(whoami)', 'svc x < in.txt'])('refuses what it cannot run in-process: %j', (line) => {
    expect(() => parseLine(line, {})).toThrow();
  });
});

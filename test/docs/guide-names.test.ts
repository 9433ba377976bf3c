import { beforeAll, describe, expect, it } from 'vitest';
import { runSvc } from '../support/svc.js';
import { codeBlocks, filesUnder, guideFiles, inlineCode, readRepoFile } from './doc-sources.js';

// Every flag and environment variable a guide or the README names is one svc has: flags are read
// from the built command tree (`svc --help` and `svc help reference`, every command's help),
// variables from the sources that read them.

/** Flags of other programs that the guides name, each with its program. */
const OTHER_FLAGS: Record<string, string> = {
  '--use-system-ca': 'node (in NODE_OPTIONS)',
  '--no-install': 'npx',
  '--areas': 'npm run registry:import',
  '--rename': 'npm run registry:import',
  '--out': 'npm run registry:import',
  '--report': 'npm run registry:import',
  '--cli': 'the MCP Inspector',
  '--method': 'the MCP Inspector',
  '--tool-name': 'the MCP Inspector',
  '--tool-arg': 'the MCP Inspector',
  '--target': 'npm run package',
  '--ignore-missing': 'sha256sum',
  '--for': 'kubectl wait',
  '--title': 'the meetings area, added from meetings.yaml (svc areas add)',
  '--starts-at': 'the meetings area, added from meetings.yaml (svc areas add)',
};
/** Variables that are not svc's: the user's own in examples, or another system's. */
const OTHER_VARIABLES: Record<string, string> = { AGENT_TOKEN: "the user's token in an example", JOB_COMPLETION_INDEX: 'Kubernetes Indexed Jobs' };

// Not after a letter or digit: xn--fa-hia is a host name's label, not a flag.
const FLAG = /(?<![\w-])--[a-z][a-z0-9]*(?:-[a-z0-9]+)*(?![a-z0-9-])/g;
/** An environment variable: upper case with an underscore, or a lower-case proxy variable. */
const VARIABLE = /(?<![\w-])(?:[A-Z][A-Z0-9]*_[A-Z0-9_]*[A-Z0-9]|NO_COLOR|[a-z]+_proxy)(?![\w-])/g;

const pages = ['README.md', ...guideFiles()];

/** The code a page shows (fenced blocks and inline spans), where flags and variables are written. */
function codeOf(path: string): { where: string; text: string }[] {
  const text = readRepoFile(path);
  return [
    ...codeBlocks(text).flatMap((block) => block.lines.map((line, i) => ({ where: `${path}:${block.line + i}`, text: line }))),
    ...inlineCode(text).map((span) => ({ where: `${path}:${span.line}`, text: span.text })),
  ];
}

const named = (pattern: RegExp) => pages.flatMap(codeOf).flatMap(({ where, text }) => [...text.matchAll(pattern)].map((match) => ({ where, name: match[0] })));

let svcFlags: Set<string>;
beforeAll(async () => {
  // A fresh settings folder and the test code cache (runSvc): nothing of the real home is read or written.
  const run = async (args: string[]) => {
    const done = await runSvc(args);
    if (done.code !== 0) throw new Error(`svc ${args.join(' ')} exited ${done.code}: ${done.stderr}`);
    return done;
  };
  const helps = await Promise.all([run(['--help']), run(['help', 'reference'])]);
  svcFlags = new Set(helps.flatMap(({ stdout }) => stdout.match(FLAG) ?? []));
}, 60_000);

describe('names in the README and the guides', () => {
  it("every --flag is one of svc's (from its command tree) or a listed flag of another program", () => {
    expect(svcFlags.size).toBeGreaterThan(30);
    const flags = named(FLAG);
    expect(flags.length).toBeGreaterThan(50);
    expect(flags.filter(({ name }) => !svcFlags.has(name) && !(name in OTHER_FLAGS))).toEqual([]);
  });

  it('every environment variable is read by svc (its sources name it) or is a listed one of another system', () => {
    const sources = [...filesUnder('src', ['.ts']), ...filesUnder('bin', ['.cjs'])].map(readRepoFile).join('\n');
    const variables = named(VARIABLE);
    expect(variables.map(({ name }) => name)).toEqual(expect.arrayContaining(['SERVICE_API_KEY', 'SVC_CONFIG_DIR', 'https_proxy']));
    const unknown = variables.filter(({ name }) => !(name in OTHER_VARIABLES) && !new RegExp(`\\b${name}\\b`).test(sources));
    expect(unknown).toEqual([]);
  });
});

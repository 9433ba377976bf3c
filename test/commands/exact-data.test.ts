import { parse as parseYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pyyamlAvailable, pyyamlReadsAsJson } from '../support/python-yaml.js';
import { runSvc } from '../support/svc.js';
import { startVerbatimServer, type VerbatimServer } from '../support/verbatim-server.js';

// What svc prints is what the service sent, in every format. The real bin/svc against
// a server on 127.0.0.1 that answers with exact bytes.
let server: VerbatimServer;
beforeAll(async () => {
  server = await startVerbatimServer();
});
afterAll(() => server.close());

const svc = (body: string, ...args: string[]) => {
  server.answer(body);
  return runSvc(args, { env: { SERVICE_BASE_URL: server.url, SERVICE_API_KEY: 'svc_test_key' } });
};
const DRAFT = ['email', 'drafts', 'get', 'dr_1'];
const RAW = ['api', 'GET', '/anything'];

const NUMBERS =
  '{"ok":true,"kind":"email","draftId":"dr_1","syncStatus":"synced","revision":1,"id":9007199254740993,"big":12345678901234567890,"negativeZero":-0,"huge":1e400,"price":1.50,"tiny":1E-7,"precise":0.10000000000000000001,"list":[9007199254740993,-0,2]}';
const KEYS =
  '{"ok":true,"kind":"email","draftId":"dr_1","syncStatus":"synced","revision":1,"__proto__":{"polluted":true},"nested":{"__proto__":"x","constructor":"y","toString":"z"}}';
const EXACT_TOKENS = ['9007199254740993', '12345678901234567890', '-0', '1e400', '1.50', '1E-7', '0.10000000000000000001'];

describe.each([
  ['a registry operation', DRAFT],
  ['svc api', RAW],
])('numbers exactly as sent, through %s', (_name, command) => {
  it.each([['json'], ['ndjson'], ['table']])("--output %s keeps every number's text", async (format) => {
    const run = await svc(NUMBERS, ...command, '--output', format);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    for (const token of EXACT_TOKENS) expect(run.stdout).toContain(token);
    expect(run.stdout).not.toMatch(/9007199254740992|12345678901234567000|null|Infinity/);
  });

  it('json is the body as sent, token for token', async () => {
    const run = await svc(NUMBERS, ...command);
    expect(run.stdout.replace(/\s+/g, '')).toBe(NUMBERS);
  });

  it('coloured json keeps them too', async () => {
    const run = await runSvc([...command], { env: { SERVICE_BASE_URL: server.url, SERVICE_API_KEY: 'k', FORCE_COLOR: '1' } });
    for (const token of EXACT_TOKENS) expect(run.stdout).toContain(token);
  });
});

describe('--query passes exact numbers through; only what JMESPath computes is a double', () => {
  it.each([
    ['id', '9007199254740993'],
    ['list', '[9007199254740993,-0,2]'],
    ['{n: huge, p: price, z: negativeZero}', '{"n":1e400,"p":1.50,"z":-0}'],
    ['[big, tiny, precise]', '[12345678901234567890,1E-7,0.10000000000000000001]'],
    ['list[?@ > `100`]', '[9007199254740993]'],
    ['length(list)', '3'],
    ['sum([revision, `1`])', '2'],
  ])('%s', async (query, expected) => {
    const run = await svc(NUMBERS, ...DRAFT, '--query', query);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout.replace(/\s+/g, '')).toBe(expected);
  });
});

describe('keys exactly as sent', () => {
  it.each([['json'], ['ndjson'], ['yaml'], ['table']])('__proto__ and other special keys stay in --output %s', async (format) => {
    for (const command of [DRAFT, RAW]) {
      const run = await svc(KEYS, ...command, '--output', format);
      expect(run).toMatchObject({ code: 0, stderr: '' });
      expect(run.stdout).toMatch(/__proto__/);
      expect(run.stdout).toMatch(/polluted/);
      expect(run.stdout).toMatch(/constructor/);
    }
  });

  it('json reads back with the __proto__ key as an own key', async () => {
    const run = await svc(KEYS, ...DRAFT);
    const parsed = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(Object.hasOwn(parsed, '__proto__')).toBe(true);
    expect(run.stdout.replace(/\s+/g, '')).toBe(KEYS);
  });

  it('--query reaches a __proto__ key', async () => {
    const run = await svc(KEYS, ...DRAFT, '--query', '"__proto__".polluted');
    expect(run).toMatchObject({ code: 0, stdout: 'true\n' });
  });
});

describe('keys in the order received, integer-like ones too', () => {
  const ORDERED =
    '{"ok":true,"kind":"email","draftId":"dr_1","syncStatus":"synced","revision":1,"b":1,"2":0,"1":0,"__proto__":{"z":1,"10":2,"__proto__":3},"list":[{"9":1,"a":2,"0":3}]}';
  const LIST = '[{"b":1,"2":0,"__proto__":{"p":1},"1":0},{"__proto__":[1],"0":"x"}]';

  it.each([['json'], ['ndjson']])('--output %s writes the text as sent', async (format) => {
    for (const [body, command] of [
      [ORDERED, DRAFT],
      [ORDERED, RAW],
      [LIST, RAW],
    ] as const) {
      const run = await svc(body, ...command, '--output', format);
      expect(run).toMatchObject({ code: 0, stderr: '' });
      const expected = format === 'ndjson' && body === LIST ? '{"b":1,"2":0,"__proto__":{"p":1},"1":0}\n{"__proto__":[1],"0":"x"}\n' : `${body}\n`;
      expect(format === 'json' ? `${run.stdout.replace(/\s+/g, '')}\n` : run.stdout).toBe(expected);
    }
  });

  it('--output yaml and table list the keys as sent', async () => {
    const yaml = await svc(ORDERED, ...RAW, '--output', 'yaml');
    expect(yaml.stdout).toMatch(
      /^revision: 1\nb: 1\n"2": 0\n"1": 0\n__proto__:\n {2}z: 1\n {2}"10": 2\n {2}__proto__: 3\nlist:\n {2}- "9": 1\n {4}a: 2\n {4}"0": 3\n$/m,
    );
    const table = await svc(LIST, ...RAW, '--output', 'table');
    expect(table.stdout.split('\n')[0]).toBe('b  2  __proto__  1  0');
    const record = await svc(ORDERED, ...RAW, '--output', 'table');
    expect(
      record.stdout
        .split('\n')
        .slice(4, 9)
        .map((line) => line.split(' ')[0]),
    ).toEqual(['revision', 'b', '2', '1', '__proto__']);
  });

  it('--query keeps the order of what it passes through and of what it builds', async () => {
    const run = await svc(ORDERED, ...RAW, '--query', '{"__proto__": "__proto__", "5": b, x: list[0]}', '--output', 'ndjson');
    expect(run).toEqual({ code: 0, stdout: '{"__proto__":{"z":1,"10":2,"__proto__":3},"5":1,"x":{"9":1,"a":2,"0":3}}\n', stderr: '' });
  });

  it('batch records hold each result as sent', async () => {
    server.answer(ORDERED);
    const run = await runSvc(['email', 'drafts', 'get', '--input', '-'], {
      env: { SERVICE_BASE_URL: server.url, SERVICE_API_KEY: 'svc_test_key' },
      input: '{"draftId":"dr_1"}\n',
    });
    expect(run).toMatchObject({ code: 0, stderr: expect.stringMatching(/^svc: 1 line: 1 succeeded, 0 failed in /) });
    expect(run.stdout).toBe(`{"line":1,"ok":true,"status":200,"result":${ORDERED}}\n`);
  });

  it('--query never prints an expression reference', async () => {
    const alone = await svc(ORDERED, ...RAW, '--query', '&@');
    expect(alone).toMatchObject({ code: 2, stdout: '' });
    expect(alone.stderr).toMatch(/^svc: --query: an expression reference at column 1 is not a value/);
    const inside = await svc(ORDERED, ...RAW, '--query', '[&@]');
    expect(inside.code).toBe(6);
    expect(inside.stdout).toBe(`${ORDERED}\n`);
    expect(inside.stdout + inside.stderr).not.toContain('Current');
  });
});

// Strings a YAML 1.1 reader (PyYAML) would take for booleans, numbers, dates or nulls, or that break it.
const TRICKY = [
  'yes',
  'no',
  'on',
  'off',
  'y',
  'n',
  'Y',
  'N',
  'True',
  'FALSE',
  'Off',
  '~',
  'null',
  'NULL',
  '',
  '0b11',
  '1_000',
  '0x1F',
  '0o17',
  '017',
  '2026-01-01',
  '2026-01-01T12:30:45Z',
  '2026-1-1 1:2:3',
  '12:30:45',
  '190:20:30',
  '1e3',
  '1.5',
  '.5',
  '+1',
  '-1',
  '.inf',
  '-.Inf',
  '.NaN',
  'NaN',
  '- item',
  'a: b',
  'a #b',
  '#x',
  '&a',
  '*a',
  '!tag',
  '|',
  '>',
  '@x',
  '`x',
  '%x',
  "'q'",
  '"dq"',
  '  lead',
  'trail ',
  'a  b',
  'line\nbreak',
  'tab\tx',
  '\r',
  '\u2028sep\u2029',
  '\u0085nel',
  '\ufeffbom',
  '\u0000nul\u001b\u007f\u009f',
  'emoji 😀 🇯🇵',
  '日本語',
  '<<',
  '=',
  '?',
  '-',
  '---',
  '...',
  '{a}',
  '[b]',
  ',',
  'back\\slash',
  '\ud800 lone',
  '\uffff',
  'plain words stay plain',
  'ada@example.com',
  'reports/2026/q3.csv',
  '__proto__',
];
const TRICKY_BODY = JSON.stringify({
  ok: true,
  kind: 'email',
  draftId: 'dr_1',
  syncStatus: 'synced',
  revision: 1,
  values: TRICKY,
  keyed: Object.fromEntries(TRICKY.map((text, i) => [text, i])),
  nested: [[1, [2, []]], {}, { a: [{ b: null }] }, [{}], [[]]],
}).replace('"revision":1', '"revision":1,"id":9007199254740993,"big":12345678901234567890,"negativeZero":-0,"huge":1e400,"price":1.50,"tiny":1E-7,"e":2E+5');

describe('--output yaml reads back as the same data', () => {
  it.skipIf(!pyyamlAvailable)(`in PyYAML, a YAML 1.1 reader${pyyamlAvailable ? '' : ' (skipped: python3 with PyYAML is not installed)'}`, async () => {
    const yaml = await svc(TRICKY_BODY, ...DRAFT, '--output', 'yaml');
    expect(yaml).toMatchObject({ code: 0, stderr: '' });
    const verdict = pyyamlReadsAsJson(yaml.stdout, TRICKY_BODY);
    expect(verdict.detail).toBe('same');
    expect(yaml.stdout).toMatch(/^ {2}- plain words stay plain$/m);
  });

  it('in the yaml package, in YAML 1.1 and 1.2 modes', async () => {
    const yaml = await svc(TRICKY_BODY, ...RAW, '--output', 'yaml');
    const expected: unknown = JSON.parse(TRICKY_BODY);
    for (const version of ['1.1', '1.2'] as const) expect(parseYaml(yaml.stdout, { version, uniqueKeys: false })).toEqual(expected);
  });
});

describe('answers nested up to the promised 1000 levels, in every format', () => {
  const deepArrays = `${'['.repeat(999)}9007199254740993${']'.repeat(999)}`;
  const deepObjects = `{"ok":true,"kind":"email","draftId":"dr_1","syncStatus":"synced","revision":1,"deep":${'{"a":'.repeat(998)}1${'}'.repeat(998)}}`;
  it.each([['json'], ['ndjson'], ['yaml'], ['table']])('--output %s', async (format) => {
    for (const [body, command] of [
      [deepArrays, RAW],
      [deepObjects, DRAFT],
    ] as const) {
      const run = await svc(body, ...command, '--output', format);
      expect(run, `${format} ${body.slice(0, 10)}`).toMatchObject({ code: 0, stderr: '' });
      expect(run.stdout).toMatch(body === deepArrays ? /9007199254740993/ : /"?a"?: ?1\b/);
      if (format === 'json') expect(run.stdout.replace(/\s+/g, '')).toBe(body);
    }
  });

  it('yaml at 999 levels is exact; at 300 the yaml package reads it back', async () => {
    expect((await svc(deepArrays, ...RAW, '--output', 'yaml')).stdout).toBe(`${'- '.repeat(999)}9007199254740993\n`);
    const objects = (await svc(deepObjects, ...DRAFT, '--output', 'yaml')).stdout.split('\n');
    expect(objects.at(-2)).toBe(`${'  '.repeat(998)}a: 1`);
    const readable = `{"deep":${'{"a":['.repeat(150)}1${']}'.repeat(150)}}`;
    expect(parseYaml((await svc(readable, ...RAW, '--output', 'yaml')).stdout)).toEqual(JSON.parse(readable));
  });

  it('one level more is refused with a line (exit 3)', async () => {
    const run = await svc(`${'['.repeat(1001)}${']'.repeat(1001)}`, ...RAW, '--output', 'yaml');
    expect(run).toMatchObject({ code: 3, stdout: '' });
    expect(run.stderr).toMatch(/^svc: the service answered 200 with JSON that nests deeper than 1000 levels/);
  });
});

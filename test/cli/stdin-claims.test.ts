// Standard input is read once: every pair of claims on it (`--body -`, `key=@-`, `key:=@-`, a batch's
// `--input -`, `svc api --input -`) is refused with exit 2, one line naming both, and nothing sent.
// In-process, through the injected context, against a real server on 127.0.0.1.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../src/cli/run.js';
import { createFakeContext } from '../support/fake-context.js';
import { type ScriptedServer, startScriptedServer } from '../support/scripted-server.js';
import { runSvc } from '../support/svc.js';

let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedServer();
  server.script('/v1/things', { status: 201, body: { ok: true } });
  server.script('/v1/crm/objects/deals/entries', { status: 201, body: { entryId: 'ent_1' } });
});
afterAll(() => server.close());

async function svc(argv: string[], input: string) {
  const before = server.received.length;
  const { code, stderr } = await runSvc(argv, { input, env: { SERVICE_BASE_URL: server.url, SERVICE_API_KEY: 'sk_test_1234567890' } });
  return { code, err: stderr, sent: server.received.slice(before) };
}

const refusal = (first: string, second: string) =>
  `svc: standard input can be read only once, but ${first} and ${second} both read it: give one of them a file\n`;

const CREATE = ['crm', 'entries', 'create', 'deals'];
/** Each claim an operation command can make, as the user types it. */
const CLAIMS: Record<string, string[]> = {
  '--body -': ['--body', '-'],
  '--data note=@-': ['--data', 'note=@-'],
  '--data extra:=@-': ['--data', 'extra:=@-'],
  '--input -': ['--input', '-'],
};

describe('an operation command: every pair of claims on standard input', () => {
  const names = Object.keys(CLAIMS);
  const pairs = names.flatMap((first, i) => names.slice(i + 1).map((second) => [first, second] as const));
  it.each(pairs)('%s with %s: exit 2, one line naming both, nothing sent', async (first, second) => {
    const result = await svc([...CREATE, ...CLAIMS[first]!, ...CLAIMS[second]!, '--data', 'name=Acme'], '{"data":{"name":"x"}}\n');
    expect(result.code).toBe(2);
    // The batch's --input - is claimed first (before its base input is read); otherwise in argv's order.
    const [a, b] = second === '--input -' ? [second, first] : [first, second];
    expect(result.err).toBe(refusal(a, b));
    expect(result.sent).toEqual([]);
  });

  it('the same field twice (`note=@-` twice): refused too, not one of them given nothing', async () => {
    const result = await svc([...CREATE, '--data', 'note=@-', '--data', 'note=@-'], 'hello');
    expect(result).toMatchObject({
      code: 2,
      err: 'svc: standard input can be read only once, but --data note=@- reads it twice: give one of them a file\n',
      sent: [],
    });
  });

  it('one claim alone reads it: the field gets standard input whole', async () => {
    const result = await svc([...CREATE, '--data', 'name=Acme', '--data', 'note=@-'], 'a line\nand another\n');
    expect(result.code).toBe(0);
    expect(result.sent.map((r) => JSON.parse(r.body) as unknown)).toEqual([{ data: { name: 'Acme', note: 'a line\nand another\n' } }]);
  });
});

describe('svc api: every pair of claims on standard input', () => {
  it('the reported case: --data a=@- with --body -, standard input {"a":1}: refused, nothing sent (it sent {"a":""} before)', async () => {
    const result = await svc(['api', 'POST', '/things', '--data', 'a=@-', '--body', '-'], '{"a":1}');
    expect(result).toMatchObject({ code: 2, err: refusal('--body -', '--data a=@-'), sent: [] });
  });

  it.each([
    [['--input', '-', '--body', '-'], '--input -', '--body -'],
    [['--input', '-', '--data', 'a=@-'], '--input -', '--data a=@-'],
    [['--data', 'a=@-', '--data', 'b:=@-'], '--data a=@-', '--data b:=@-'],
  ])('%j: exit 2, naming %s and %s, nothing sent', async (flags, first, second) => {
    const result = await svc(['api', 'POST', '/things', ...flags], '{"a":1}');
    expect(result).toMatchObject({ code: 2, err: refusal(first, second), sent: [] });
  });

  it('--input - alone sends standard input as it is', async () => {
    const result = await svc(['api', 'POST', '/things', '--input', '-'], '{"a": 1}');
    expect(result.code).toBe(0);
    expect(result.sent.map((r) => r.body)).toEqual(['{"a": 1}']);
  });
});

describe('svc auth login', () => {
  it('reads its token from standard input as its one claim', async () => {
    const token = 'svc_agent_0123456789abcdef0123456789abcdef';
    const fake = createFakeContext({ stdin: `${token}\n` });
    expect(await run(['auth', 'login', '--insecure-storage'], fake.ctx)).toBe(0);
    expect(fake.store.profile('default').token).toBe(token);
  });
});

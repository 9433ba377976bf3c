import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../../src/mock/server.js';
import { runSvc } from '../support/svc.js';
import { tempFolder } from '../support/temp-folder.js';

// JSON a user gives that is not valid and holds the credential (pasted into a body by mistake, say):
// the refusal names what is wrong and shows no piece of the key. V8's own message quotes about ten
// characters around the bad token, a cut of the key that no redaction can recognise.
const KEY = 'ws_key_CANARYcut9d8c7b6a5f4e3d2c';

let mock: MockServer;
const folder = tempFolder('svc-secret-json-');
const bad = `{"email": ${KEY}}`;
writeFileSync(join(folder, 'body.json'), bad);
writeFileSync(join(folder, 'lines.ndjson'), `{"sequenceId": "seq_1", "email": ${KEY}}\n`);

beforeAll(async () => {
  mock = await startMockServer({ port: 0, apiKey: KEY });
});
afterAll(() => mock.close());

/** Any six characters of the key past the four a redaction shows. */
const pieces = Array.from({ length: KEY.length - 9 }, (_, at) => KEY.slice(4 + at, 10 + at));

const ADD = ['campaigns', 'person', 'add'];
const runs: { name: string; argv: string[]; input?: string; code: number }[] = [
  { name: '--body in the argument', argv: [...ADD, 'seq_1', '--body', bad], code: 2 },
  { name: '--body @file', argv: [...ADD, 'seq_1', '--body', `@${join(folder, 'body.json')}`], code: 2 },
  { name: '--body - (standard input)', argv: [...ADD, 'seq_1', '--body', '-'], input: bad, code: 2 },
  { name: 'svc api --body', argv: ['api', 'POST', '/campaigns/seq_1/person', '--body', bad], code: 2 },
  { name: 'a batch line (--input)', argv: [...ADD, '--input', join(folder, 'lines.ndjson')], code: 1 },
  { name: '--fixtures', argv: ['mock', '--port', '0', '--fixtures', join(folder, 'body.json')], code: 2 },
];

describe.concurrent('invalid JSON holding the key: refused, nothing sent, no piece of the key shown', () => {
  it.each(runs)('$name', async ({ argv, input, code }) => {
    const before = mock.requests.length;
    const run = await runSvc(argv, { env: { SERVICE_API_KEY: KEY, SERVICE_BASE_URL: mock.url }, input });
    expect(run.code).toBe(code);
    expect(run.stdout + run.stderr).toMatch(/not valid(?: JSON)?: Unexpected token 'w'/);
    expect(pieces.filter((piece) => (run.stdout + run.stderr).includes(piece))).toEqual([]);
    expect(mock.requests.length).toBe(before);
  });
});

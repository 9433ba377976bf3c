import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../../../src/mock/server.js';
import { eachBuild } from '../../support/builds.js';
import { runSvcProcess } from '../../support/svc.js';
import { tempFolder } from '../../support/temp-folder.js';

// JSON a user gives that does not parse (--body, a batch line, an OpenAPI description) is refused in
// the same sentence by both builds. JSON.parse's own message is the runtime's: the standalone
// binary's JavaScriptCore said `JSON Parse error: Unexpected identifier "…"`, quoting a whole word
// of the text (a secret pasted unquoted, say), where the npm build's V8 says `Unexpected token 's'`.
// svc names the fault itself, in V8's words (src/json-syntax.ts).
const SECRET = 'sk_live_CANARY0123456789';
let mock: MockServer;
beforeAll(async () => {
  mock = await startMockServer({ port: 0 });
});
afterAll(() => mock.close());

const folder = tempFolder('svc-json-words-');

eachBuild((build) => {
  const svc = (args: string[], input?: string) => runSvcProcess(args, { build, input, env: { SERVICE_BASE_URL: mock.url, SERVICE_API_KEY: mock.apiKey } });

  describe('a JSON text that does not parse is refused in V8 words, quoting none of it', () => {
    it.each([
      {
        what: 'a --body with a bare word',
        argv: ['crm', 'entries', 'create', 'deals', '--body', `{"data": {"token": ${SECRET}}}`],
        line: "svc: --body: JSON in the argument is not valid: Unexpected token 's'\n",
      },
      {
        what: 'a --body cut short',
        argv: ['api', 'POST', '/crm/objects/deals/entries', '--body', '{"data": {"name": "Acme"'],
        line: "svc: --body: JSON in the argument is not valid: Expected ',' or '}' after property value in JSON at position 24 (line 1 column 25)\n",
      },
    ])('$what', async ({ argv, line }) => {
      const before = mock.requests.length;
      expect(await svc(argv)).toEqual({ code: 2, stdout: '', stderr: line });
      expect(mock.requests.length).toBe(before);
    });

    it('a batch line', async () => {
      const run = await svc(['crm', 'entries', 'create', '--input', '-'], `{"objectName": "deals", "data": {"token": ${SECRET}}}\n{"objectName": "deals",}\n`);
      expect(run.stdout).toBe(
        [
          `{"line":1,"ok":false,"status":null,"error":{"kind":"invalid","message":"the line is not valid JSON: Unexpected token 's'"}}`,
          `{"line":2,"ok":false,"status":null,"error":{"kind":"invalid","message":"the line is not valid JSON: Expected double-quoted property name in JSON at position 23 (line 1 column 24)"}}`,
          '',
        ].join('\n'),
      );
    });

    it('an OpenAPI description given to svc areas add', async () => {
      const file = join(folder, `${build.standalone ? 'standalone' : 'npm'}-broken.json`);
      writeFileSync(file, '{"openapi": "3.1.0",\n  "paths": {"/x": [1 2]}}');
      expect(await svc(['areas', 'add', file])).toEqual({
        code: 2,
        stdout: '',
        stderr: `svc: ${file} is not valid JSON: Expected ',' or ']' after array element in JSON at position 42 (line 2 column 22)\n`,
      });
    });
  });
});

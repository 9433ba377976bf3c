import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startMockServer } from '../../src/mock/server.js';
import { runSvc } from '../support/svc.js';
import { badInputs } from './tables/bad-input-cases.js';
import { tempFolder } from '../support/temp-folder.js';

// Bad input, through the real bin/svc: one clear line on stderr, a documented exit code, nothing on
// stdout, and, from the log of a real server that would have answered, nothing sent.

const fixtures = tempFolder('svc-bad-input-');
writeFileSync(join(fixtures, 'latin1.json'), Buffer.from('{"data": {"name": "Jos\xe9"}}', 'latin1'));
writeFileSync(join(fixtures, 'broken.json'), '{"data": {');
mkdirSync(join(fixtures, 'corrupt'));
writeFileSync(join(fixtures, 'corrupt', 'config.json'), '{"profiles": {"default": ');
mkdirSync(join(fixtures, 'bad-retries'));
writeFileSync(join(fixtures, 'bad-retries', 'config.json'), JSON.stringify({ profiles: { default: { retries: -2 } } }));

mkdirSync(join(fixtures, 'huge-timeout'));
writeFileSync(join(fixtures, 'huge-timeout', 'config.json'), JSON.stringify({ profiles: { default: { timeout: 99999999 } } }));
mkdirSync(join(fixtures, 'cr-token'));
writeFileSync(join(fixtures, 'cr-token', 'config.json'), JSON.stringify({ profiles: { default: { token: 'svc_agent_CANARY0123456789\r' } } }));
mkdirSync(join(fixtures, 'url-password'));
writeFileSync(
  join(fixtures, 'url-password', 'config.json'),
  JSON.stringify({ profiles: { default: { baseUrl: 'https://ada:CANARYpw0123@api.example.com/v1' } } }),
);

describe.concurrent('bad input is refused before anything is sent', () => {
  it('the table holds at least 40 invocations', () => {
    expect(badInputs.length).toBeGreaterThanOrEqual(40);
  });

  it.each(badInputs)('svc $argv -> exit $code', async ({ argv, code, stderr, env, input }) => {
    const server = await startMockServer({ port: 0 });
    try {
      const fill = (text: string) => text.replaceAll('{fixtures}', fixtures).replaceAll('{origin}', server.origin).replaceAll('{url}', server.url);
      const args = argv.map((arg) => (typeof arg === 'string' ? fill(arg) : arg));
      const given = Object.fromEntries(Object.entries(env ?? {}).map(([name, value]) => [name, value === undefined ? undefined : fill(value)]));
      const run = await runSvc(args, { env: { SERVICE_BASE_URL: server.url, SERVICE_API_KEY: server.apiKey, ...given }, input });
      expect(run.code).toBe(code);
      if (typeof stderr === 'string') expect(run.stderr).toBe(stderr);
      else expect(run.stderr).toMatch(stderr);
      expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).not.toMatch(/CANARY(?:pw)?0123/); // a refused credential or password is never printed
      expect(server.requests).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../../src/mock/server.js';
import { runSvc } from '../support/svc.js';
import { pathEscapes } from './tables/path-escapes.js';

// The real bin/svc, a real server: `svc api` refuses every spelling of a path that could leave the
// base URL once a server or proxy decodes it, and the server receives nothing.
let server: MockServer;
beforeAll(async () => {
  server = await startMockServer({ port: 0 });
});
afterAll(() => server.close());
const env = () => ({ SERVICE_BASE_URL: server.url, SERVICE_API_KEY: server.apiKey });

describe('svc api stays under the base URL', () => {
  describe.concurrent('every spelling that could leave it', () => {
    it.each(pathEscapes)('refuses %j', async (path) => {
      const run = await runSvc(['api', 'GET', path], { env: env() });
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/^svc: <path>: /);
      expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    });
  });

  it('and the server received nothing from any of them', () => {
    expect(server.requests).toEqual([]);
  });

  it('still sends what is legitimately under it: an encoded slash inside a segment, dots inside names, unicode', async () => {
    const run = await runSvc(['api', 'GET', '/email/drafts/a%2Fb..c.d-é'], { env: env() });
    expect(run.code).toBe(5); // the mock has no such draft, so it did receive the request
    expect(server.requests).toHaveLength(1);
  });
});

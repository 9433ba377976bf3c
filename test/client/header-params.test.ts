import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { repos } from '../fixtures/grammar-registry/areas.js';
import { startScriptedServer, type ScriptedServer } from '../support/scripted-server.js';

// The library's `registry` with the test registry's operations added (hyphenated ids, header
// parameters), so createClient calls them with its real undici transport against a real server.
vi.mock('../../registry/index.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../registry/index.js')>();
  const { repos: added } = await import('../fixtures/grammar-registry/areas.js');
  return { ...actual, registry: { ...actual.registry, ...added } };
});

const { createClient } = await import('../../src/index.js');

let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedServer();
  server.script('/v1/repos/octo/labels/bug', { body: { name: 'bug' } });
  server.script('/v1/repos/octo/hello/contents/README.md', { body: { name: 'README.md', sha: 'abc' } });
});
afterAll(() => server.close());

// The ids are not in the library's static type: the test registry is added at run time.
type AnyCall = (id: string, input: Record<string, unknown>) => ReturnType<ReturnType<typeof createClient>['call']>;
const call = (): AnyCall => createClient({ baseUrl: server.url, token: 'svc_lib_key_123456', retries: 0 }).call as unknown as AnyCall;

describe('header parameters through the library', () => {
  it('sends each one given under `headers`, as text, beside its own headers', async () => {
    expect(repos['repos_put-label'].headers).toBeDefined();
    server.received.length = 0;
    const result = await call()('repos_put-label', { owner: 'octo', name: 'bug', headers: { 'if-match': 'etag-1' }, body: { color: 'ff0000' } });
    expect(result).toMatchObject({ ok: true, data: { name: 'bug' } });
    const got = await call()('repos_get-content', {
      owner: 'octo',
      repo: 'hello',
      path: 'README.md',
      headers: { 'x-max-age': 30, 'x-request-priority': 'low' },
    });
    expect(got.ok).toBe(true);
    expect(
      server.received.map((r) => [r.method, r.url, r.headers['if-match'], r.headers['x-max-age'], r.headers['x-request-priority'], r.headers.authorization]),
    ).toEqual([
      ['PUT', '/v1/repos/octo/labels/bug', 'etag-1', undefined, undefined, 'Bearer svc_lib_key_123456'],
      ['GET', '/v1/repos/octo/hello/contents/README.md', undefined, '30', 'low', 'Bearer svc_lib_key_123456'],
    ]);
  });

  it.each([
    [{ owner: 'octo', name: 'bug', body: { color: 'ff0000' } }, 'if-match'],
    [{ owner: 'octo', name: 'bug', headers: { 'if-match': 'a\r\nx-evil: 1' }, body: { color: 'ff0000' } }, 'printable ASCII on one line'],
    [{ owner: 'octo', name: 'bug', headers: { 'if-match': 'e', 'x-other': '1' }, body: { color: 'ff0000' } }, 'x-other'],
  ])('refuses a missing, unsendable or unknown header before sending (%#)', async (input, words) => {
    server.received.length = 0;
    const result = await call()('repos_put-label', input);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.kind).toBe('invalid');
    expect(JSON.stringify(!result.ok && result.error)).toContain(words);
    expect(server.received).toEqual([]);
  });

  it('refuses headers for an operation that declares none', async () => {
    server.received.length = 0;
    const result = await call()('email_drafts_get', { draftId: 'dr_1', headers: { 'if-none-match': 'x' } });
    expect(result).toMatchObject({
      ok: false,
      error: { kind: 'invalid', issues: [{ path: ['if-none-match'], message: 'this operation takes no header parameters' }] },
    });
    expect(server.received).toEqual([]);
  });
});

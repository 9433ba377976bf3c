import { getResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { run } from '../../src/cli/run.js';
import { builtInFixtures } from '../../src/mock/fixtures.js';
import { createHandlers } from '../../src/mock/handlers.js';
import { createMockStore } from '../../src/mock/state.js';
import { createFakeContext, json } from '../support/fake-context.js';
import { generatedAreas } from '../support/generated-registry.js';

// Typed query parameters are one registry entry each: this suite swaps registry/areas.ts for a
// generated registry (as the bench does) whose `list` operations declare limit, status and tag.
vi.mock('../../registry/areas.js', async () => ({ areas: (await import('../support/generated-registry.js')).generatedAreas(60) }));

const LIST = ['lists', 'item1', 'list', 'it_1'];
const BASE = 'http://127.0.0.1:4010/v1';

async function svc(argv: string[]) {
  const fake = createFakeContext({ env: { NO_COLOR: '1' }, respond: () => json(200, [{ id: 'it_1' }]) });
  const code = await run(argv, fake.ctx);
  return { code, out: fake.out(), err: fake.err(), urls: fake.requests.map((request) => request.url) };
}

describe('typed query parameters', () => {
  it('are flags with their meaning, the form of their value and choices in help', async () => {
    const { code, out } = await svc([...LIST, '--help']);
    expect(code).toBe(0);
    const help = out.replace(/\s+/g, ' ');
    expect(help).toContain('--limit <number> how many items to return, from 1 to 100 --status');
    expect(help).toContain('--status <value> only items in this state (choices: "open", "done") --tag');
    expect(help).toContain('--tag <value> only items with every one of these tags (repeatable) -h, --help');
  });

  it('are sent typed in the query string, a list as a repeated parameter', async () => {
    const { code, urls } = await svc([...LIST, '--limit', '5', '--status', 'open', '--tag', 'a b', '--tag', 'c']);
    expect(code).toBe(0);
    expect(urls).toEqual([`${BASE}/lists/item1/it_1?limit=5&status=open&tag=a+b&tag=c`]);
    expect((await svc(LIST)).urls).toEqual([`${BASE}/lists/item1/it_1`]);
  });

  it.each([
    [['--limit', 'many'], 'svc: --limit: expected a number, got "many"\n'],
    [['--limit', '500'], /^svc: invalid input: --limit: Too big: expected number to be <=100\n$/],
    [['--limit', '2.5'], /^svc: invalid input: --limit: .*int/i],
    [['--status', 'maybe'], /^svc: option '--status <value>' argument 'maybe' is invalid/],
  ])('are validated before anything is sent: %j', async (flags, stderr) => {
    const { code, err, urls } = await svc([...LIST, ...flags]);
    expect({ code, urls }).toEqual({ code: 2, urls: [] });
    expect(err).toMatch(stderr);
  });

  it('are offered by completion, with their meaning (zsh and fish)', async () => {
    for (const shell of ['zsh', 'fish']) {
      const { code, out } = await svc(['completion', shell]);
      expect(code).toBe(0);
      // zsh: a row of its description table; fish: a case of its description function.
      expect(out).toMatch(
        shell === 'zsh'
          ? /_svc_description_rows\+=\( 'lists item1 list --limit' 'how many items to return, from 1 to 100' \)/
          : /lists item1 list --limit'?\)? ?\n? *echo 'how many items to return, from 1 to 100'/,
      );
    }
  });

  it('are in the OpenAPI export as query parameters with meaning and schema', async () => {
    const { code, out } = await svc(['openapi']);
    expect(code).toBe(0);
    const operation = JSON.parse(out).paths['/lists/item1/{itemId}'].get;
    expect(operation.parameters).toEqual([
      { name: 'itemId', in: 'path', required: true, schema: { type: 'string' } },
      {
        name: 'limit',
        in: 'query',
        required: false,
        description: 'how many items to return, from 1 to 100',
        schema: expect.objectContaining({ type: 'integer', minimum: 1, maximum: 100 }),
      },
      { name: 'status', in: 'query', required: false, description: 'only items in this state', schema: expect.objectContaining({ enum: ['open', 'done'] }) },
      { name: 'tag', in: 'query', required: false, description: 'only items with every one of these tags', schema: expect.objectContaining({ type: 'array' }) },
    ]);
  });

  it('are read and validated by the mock: a bad one is a 400 naming it', async () => {
    const operations = Object.assign({}, ...(await Promise.all(Object.values(generatedAreas(60)).map((area) => area.load()))));
    const handlers = createHandlers(createMockStore(builtInFixtures), { apiKey: 'k1', baseUrl: 'http://svc.test/v1', operations });
    const ask = async (query: string) =>
      getResponse(handlers, new Request(`http://svc.test/v1/lists/item1/it_1${query}`, { headers: { authorization: 'Bearer k1' } }));
    const bad = await ask('?limit=500&status=maybe&color=red');
    expect(bad?.status).toBe(400);
    const { error } = await bad!.json();
    expect(error.details.map((d: { path: string }) => d.path).sort()).toEqual(['color', 'limit', 'status']);
    // A good one is answered: these operations have no behaviour, so with one made from the response schema.
    const good = await ask('?limit=5&tag=a&tag=b');
    expect(good?.status).toBe(200);
    expect(good?.headers.get('x-svc-mock')).toBe('generated');
    expect(await good!.json()).toEqual([]);
  });
});

// The "Adding an area" guide, step by step, in a copy of the project: `npm run registry:import` with
// a small description, the type check of what an import changes, the mock serving the imported
// operations, and `svc <area> <command> --dry-run` and a call against that mock. Kept to seconds:
// the copy holds only what these steps read, and the type check covers the modules whose types the
// registry's operations shape (the registry, the mock's behaviours, the library), not the tests.
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Context } from '../../../src/core/context.js';
import type { MockServer } from '../../../src/mock/server.js';
import { createUndiciTransport } from '../../../src/client/undici-transport.js';
import { createFakeContext } from '../../support/fake-context.js';
import { tempFolder } from '../../support/temp-folder.js';
import { repoRoot } from './throwaway-registry.js';

const PETS = {
  openapi: '3.0.3',
  info: { title: 'Pet store', version: '1.0.0' },
  tags: [{ name: 'Pets' }],
  paths: {
    '/pets/{petId}': {
      get: {
        tags: ['Pets'],
        operationId: 'get-pet',
        summary: 'Read one pet',
        parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': { description: 'The pet', content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } } },
      },
      delete: {
        tags: ['Pets'],
        operationId: 'delete-pet',
        summary: 'Remove a pet',
        'x-svc-safety': 'destructive',
        parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '204': { description: 'Removed' } },
      },
    },
    '/pets': {
      post: {
        tags: ['Pets'],
        operationId: 'create-pet',
        summary: 'Add a pet',
        'x-svc-safety': 'unsafe',
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/NewPet' } } } },
        responses: { '201': { description: 'Added', content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } } },
      },
    },
  },
  components: {
    schemas: {
      NewPet: {
        type: 'object',
        required: ['name', 'kind'],
        properties: { name: { type: 'string', minLength: 2 }, kind: { type: 'string', enum: ['cat', 'dog'] } },
      },
      Pet: {
        type: 'object',
        required: ['id', 'name', 'kind'],
        properties: {
          id: { type: 'string', pattern: '^pet_[0-9]+$' },
          name: { type: 'string' },
          kind: { type: 'string', enum: ['cat', 'dog'] },
          born: { type: 'string', format: 'date' },
          parent: { $ref: '#/components/schemas/Pet' },
        },
      },
    },
  },
};

const run = promisify(execFile);
let copy = '';

/** A copy of the project as the guide's steps read it: sources, registry, scripts, guides, settings; node_modules linked. */
function copyProject(): string {
  const root = tempFolder('svc-adding-an-area-');
  for (const part of ['src', 'registry', 'scripts', 'docs', 'tsconfig.json', 'package.json', '.prettierrc.json'])
    cpSync(join(repoRoot, part), join(root, part), { recursive: true });
  symlinkSync(join(repoRoot, 'node_modules'), join(root, 'node_modules'), 'dir');
  return root;
}

beforeAll(async () => {
  copy = copyProject();
  writeFileSync(join(copy, 'pets.json'), JSON.stringify(PETS, null, 2));
}, 60_000);

describe('adding an area, as the guide says', () => {
  it('npm run registry:import -- pets.json writes the area', async () => {
    // What npm runs for `npm run registry:import -- pets.json`, from the copy.
    const { stderr } = await run(process.execPath, [join(copy, 'scripts', 'registry-import.mjs'), 'pets.json'], {
      cwd: copy,
      env: { ...process.env, INIT_CWD: copy, NODE_DISABLE_COMPILE_CACHE: '1' },
      timeout: 60_000,
    });
    expect(stderr).toMatch(/registry:import: 3 operations in 1 area \(pets\) written to registry\/imported/);
    expect(stderr).toMatch(/^registry:import: package.json's man field now lists the \d+ man pages, for npm install -g$/m);
  }, 90_000);

  it("package.json's man field then lists the area's man pages, exactly the pages npm run docs writes, so npm install -g links them", async () => {
    const { man } = JSON.parse(readFileSync(join(copy, 'package.json'), 'utf8')) as { man: string[] };
    const pets = ['svc-pets.1', 'svc-pets-create-pet.1', 'svc-pets-delete-pet.1', 'svc-pets-get-pet.1'];
    expect(man).toEqual(expect.arrayContaining(pets.map((page) => `./dist/man/${page}`)));
    const out = join(copy, 'docs-out');
    const { stdout } = await run(process.execPath, [join(copy, 'scripts', 'docs.mjs'), join(out, 'manual'), join(out, 'man')], {
      cwd: copy,
      env: { ...process.env, NODE_DISABLE_COMPILE_CACHE: '1' },
      timeout: 60_000,
    });
    expect(stdout).toMatch(/^svc docs: \d+ files in .*, \d+ man pages in /);
    expect(man.map((path) => path.replace('./dist/man/', ''))).toEqual(readdirSync(join(out, 'man')).sort());
  }, 90_000);

  it('the import type-checks: no hand-written mock behaviour is needed for an imported operation', async () => {
    const config = join(copy, 'tsconfig.imported-area.json');
    writeFileSync(
      config,
      JSON.stringify({
        extends: './tsconfig.json',
        include: ['src/**/*.d.ts'],
        files: [
          'registry/index.ts',
          'registry/imported/index.ts',
          'registry/imported/pets.ts',
          'src/mock/behaviour/index.ts',
          'src/mock/server.ts',
          'src/index.ts',
        ],
      }),
    );
    const tsc = join(copy, 'node_modules', 'typescript', 'bin', 'tsc');
    // tsc turns on Node's compile cache, in the temp folder: not here, where the suite must leave nothing.
    const env = { ...process.env, NODE_DISABLE_COMPILE_CACHE: '1' };
    const checked = await run(process.execPath, [tsc, '--noEmit', '-p', config], { cwd: copy, env, timeout: 120_000 }).catch(
      (error: { code: number; stdout: string }) => error,
    );
    expect(checked.stdout).toBe('');
    expect((checked as { code?: number }).code ?? 0).toBe(0);
  }, 150_000);

  describe('the mock serves the imported operations, and svc calls them', () => {
    let mock: MockServer;
    let svc: (argv: string[]) => Promise<{ code: number; out: string; err: string }>;
    beforeAll(async () => {
      // The copy's own modules, its imported registry included.
      const { startMockServer } = (await import(pathToFileURL(join(copy, 'src', 'mock', 'server.ts')).href)) as typeof import('../../../src/mock/server.js');
      const { run: runCli } = (await import(pathToFileURL(join(copy, 'src', 'cli', 'run.ts')).href)) as typeof import('../../../src/cli/run.js');
      mock = await startMockServer({ apiKey: 'svc_test_key_0123456789' });
      svc = async (argv) => {
        const fake = createFakeContext({
          env: { SERVICE_BASE_URL: mock.url, SERVICE_API_KEY: 'svc_test_key_0123456789', SVC_CONFIG_DIR: join(copy, 'settings') },
        });
        const ctx: Context = { ...fake.ctx, send: createUndiciTransport() };
        const code = await runCli(argv, ctx);
        return { code, out: fake.out(), err: fake.err() };
      };
      mkdirSync(join(copy, 'settings'), { recursive: true });
    }, 60_000);
    afterAll(() => mock?.close());

    it('a read: an answer generated from the response schema, fitting it, and marked as generated', async () => {
      const response = await fetch(`${mock.url}/pets/pet_7`, { headers: { authorization: 'Bearer svc_test_key_0123456789' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('x-svc-mock')).toBe('generated');
      expect(await response.json()).toEqual({ id: 'pet_0', name: 'example', kind: 'cat', born: '2026-01-02' });
    });

    it('a write: its body checked against the imported schema first, then a generated 201', async () => {
      const post = (body: unknown) =>
        fetch(`${mock.url}/pets`, {
          method: 'POST',
          headers: { authorization: 'Bearer svc_test_key_0123456789', 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      expect((await post({ name: 'R', kind: 'cow' })).status).toBe(400);
      const created = await post({ name: 'Rex', kind: 'dog' });
      expect(created.status).toBe(201);
      expect(await created.json()).toMatchObject({ id: 'pet_0' });
    });

    it('svc pets get-pet --dry-run shows the request; without it, svc calls the mock and prints the answer', async () => {
      const dry = await svc(['pets', 'get-pet', 'pet_7', '--dry-run']);
      expect(dry.code).toBe(0);
      expect(dry.out).toMatch(/^GET http:\/\/127\.0\.0\.1:\d+\/v1\/pets\/pet_7$/m);
      const called = await svc(['pets', 'get-pet', 'pet_7', '--output', 'json']);
      expect(called).toMatchObject({ code: 0, err: '' });
      expect(JSON.parse(called.out)).toEqual({ id: 'pet_0', name: 'example', kind: 'cat', born: '2026-01-02' });
      const removed = await svc(['pets', 'delete-pet', 'pet_7', '--yes']);
      expect(removed).toMatchObject({ code: 0 });
    });

    it('svc pets create-pet --dry-run shows the body built from its flags', async () => {
      const dry = await svc(['pets', 'create-pet', '--name', 'Rex', '--kind', 'dog', '--dry-run']);
      expect(dry.code).toBe(0);
      expect(dry.out).toMatch(/^POST http:\/\/127\.0\.0\.1:\d+\/v1\/pets$/m);
      expect(dry.out).toContain('"name": "Rex"');
    });
  });
});

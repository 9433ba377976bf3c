import { execFile, execFileSync } from 'node:child_process';
import { chmodSync, chownSync, cpSync, existsSync, mkdirSync, readdirSync, statSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { standaloneUnsupportedReason } from '../../scripts/package/standalone.mjs';
import { REPO } from '../docs/doc-sources.js';
import { useMockForSvc } from '../support/mock-for-svc.js';
import { tempFolder } from '../support/temp-folder.js';

// A clone built by one user (root: a Docker image, a shared CI runner, `sudo npm install -g` from a
// clone) and used by another (nobody): `npm run build`, `npm run docs` and `npm run package` as root
// under umask 022, then svc --version, a call, the standalone binary and man as nobody. Processes,
// because what is tested is who may open the files a build leaves.
const exec = promisify(execFile);
const mock = useMockForSvc();

// runuser is in /usr/sbin, which a PATH for a user other than root may leave out.
const has = (tool: string) => execFileSync('sh', ['-c', `PATH="$PATH:/usr/sbin:/sbin" command -v ${tool} || true`], { encoding: 'utf8' }).trim() !== '';
const root = process.getuid?.() === 0;
const why = !root
  ? 'not running as root: only root can build as one user and run as another; CI runs as root'
  : !has('runuser')
    ? 'runuser is not installed'
    : !has('man')
      ? 'man is not installed'
      : undefined;

/** What `npm pack` needs from a clone to build (tarball.mjs lists the same); node_modules is linked. */
const SOURCES = ['package.json', 'package-lock.json', 'README.md', 'docs', 'tsconfig.json', 'tsconfig.declarations.json', 'bin', 'src', 'registry', 'scripts'];

const RUNUSER = ['/usr/sbin/runuser', '/sbin/runuser'].find((file) => existsSync(file)) ?? 'runuser';

/** Runs `argv` as nobody with only `env`; resolves with its exit code and output whatever the code. */
async function asNobody(argv: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  const vars = Object.entries(env).map(([name, value]) => `${name}=${value}`);
  return exec(RUNUSER, ['-u', 'nobody', '--', 'env', '-i', ...vars, ...argv], { timeout: 30_000 }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
}

/** Lets other users pass through (not list) every folder above `folder` that keeps them out: the run's temp folder is private. */
function letOthersThrough(folder: string): void {
  for (let dir = dirname(folder); dir !== dirname(dir); dir = dirname(dir)) {
    const mode = statSync(dir).mode & 0o7777;
    if ((mode & 0o001) === 0) chmodSync(dir, mode | 0o001);
  }
}

/** Every folder under `folder`, itself included, with its mode. */
function foldersUnder(folder: string): [string, string][] {
  const found: [string, string][] = [[folder, (statSync(folder).mode & 0o7777).toString(8)]];
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true }))
    if (entry.isDirectory()) found.push([join(entry.parentPath, entry.name), (statSync(join(entry.parentPath, entry.name)).mode & 0o7777).toString(8)]);
  return found;
}

describe.skipIf(why !== undefined)(`a clone built by root and used by another user${why ? ` (skipped: ${why})` : ''}`, () => {
  // Made in beforeAll, not here: a describe skipped whole (not root, no runuser) runs no hook, so a folder made here would be left behind.
  let work = '';
  let clone = '';
  let home = '';
  let node = process.execPath;
  let plainMode = '';
  let build: (script: string) => Promise<unknown>;
  const standalone = standaloneUnsupportedReason() === undefined;

  beforeAll(async () => {
    work = tempFolder('svc-other-user-');
    [clone, home] = [join(work, 'clone'), join(work, 'home')];
    chmodSync(work, 0o755);
    letOthersThrough(work);
    mkdirSync(clone);
    // Links as they are: bin/svc -> svc.cjs must stay the clone's own, not become the repository's.
    for (const source of SOURCES) cpSync(join(REPO, source), join(clone, source), { recursive: true, verbatimSymlinks: true });
    symlinkSync(join(REPO, 'node_modules'), join(clone, 'node_modules'), 'dir');
    mkdirSync(home);
    chownSync(home, Number(execFileSync('id', ['-u', 'nobody'], { encoding: 'utf8' })), Number(execFileSync('id', ['-g', 'nobody'], { encoding: 'utf8' })));
    // This Node, where nobody may run it (a repository under /root may keep nobody out).
    if ((await asNobody([node, '-e', '0'], {})).code !== 0) {
      node = join(work, 'node');
      cpSync(process.execPath, node);
      chmodSync(node, 0o755);
    }
    // tsc keeps a compile cache in the temp folder unless told not to.
    const buildEnv = { ...process.env, NODE_DISABLE_COMPILE_CACHE: '1' };
    build = (script: string) => exec('sh', ['-c', `umask 022 && exec "${process.execPath}" ${script}`], { cwd: clone, env: buildEnv, timeout: 300_000 });
    await build('scripts/build.mjs');
    await build('scripts/docs.mjs');
    if (standalone) await build('scripts/package.mjs');
    mkdirSync(join(work, 'probe'));
    plainMode = (statSync(join(work, 'probe')).mode & 0o7777).toString(8);
  }, 600_000);

  const env = () => ({ PATH: '/usr/bin:/bin', HOME: home, ...mock.env });

  it('every folder the build, npm run docs and npm run package wrote has the mode a plain mkdir gives under the umask (755)', () => {
    expect(plainMode).toBe('755');
    expect(foldersUnder(join(clone, 'dist')).filter(([, mode]) => mode !== plainMode)).toEqual([]);
  });

  it('another user runs svc --version and a call, which reaches the service', async () => {
    const version = await asNobody([node, join(clone, 'bin', 'svc'), '--version'], env());
    expect(version).toMatchObject({ code: 0, stderr: '', stdout: expect.stringMatching(/^svc \d+\.\d+\.\d+/) });
    const call = await asNobody([node, join(clone, 'bin', 'svc'), 'email', 'drafts', 'get', 'dr_123'], env());
    expect(call).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(call.stdout)).toMatchObject({ draftId: 'dr_123' });
    expect(mock.server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/email/drafts/dr_123']);
  });

  it('another user reads a man page', async () => {
    const page = await asNobody(['man', '-l', join(clone, 'dist', 'man', 'svc-email-drafts-get.1')], {
      ...env(),
      MANPAGER: 'cat',
      PAGER: 'cat',
      MANWIDTH: '80',
    });
    expect(page).toMatchObject({ code: 0, stdout: expect.stringMatching(/^NAME\n\s+svc-email-drafts-get /m) });
  });

  it.skipIf(!standalone)(`another user runs the standalone binary${standalone ? '' : ` (skipped: ${standaloneUnsupportedReason()})`}`, async () => {
    const version = await asNobody([join(clone, 'dist', 'svc'), '--version'], env());
    expect(version).toMatchObject({ code: 0, stdout: expect.stringMatching(/^svc \d+\.\d+\.\d+/) });
  });

  it('a build over a dist/ that an earlier build left private (0700) opens it to others again', async () => {
    chmodSync(join(clone, 'dist'), 0o700);
    await build('scripts/build.mjs');
    expect((statSync(join(clone, 'dist')).mode & 0o7777).toString(8)).toBe(plainMode);
    expect(await asNobody([node, join(clone, 'bin', 'svc'), '--version'], env())).toMatchObject({ code: 0 });
  }, 300_000);
});

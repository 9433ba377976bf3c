import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { REPO, codeBlocks, readRepoFile } from '../docs/doc-sources.js';
import { TEST_CACHE_HOME } from '../support/svc.js';
import { tempFolder } from '../support/temp-folder.js';

// The README's way to run svc in a clone: one `export PATH=…` line, typed in the clone after
// `npm install`. Run here as a user would, in bash, with only the system's folders on PATH (where
// `node` may be older than svc needs): `svc` must then be this clone's, on the Node.js that npm
// install brought. A process, because what is tested is the shell finding the command.

const exec = promisify(execFile);

/** The README's console line that sets PATH, without its `$ ` prompt and its comment. */
function readmePathLine(): string {
  const lines = codeBlocks(readRepoFile('README.md')).flatMap((block) => (block.lang === 'console' ? block.lines : []));
  const line = lines.find((text) => /^\$ export PATH=/.test(text));
  if (!line) throw new Error('the README has no `$ export PATH=…` line');
  return line.replace(/^\$ /, '').replace(/\s+#.*$/, '');
}

describe("the README's PATH line in a clone", () => {
  it('runs this clone’s svc on the Node.js npm install brought, whatever node the system has', async () => {
    const line = readmePathLine();
    expect(line).toContain('node_modules/node/bin');
    const home = tempFolder('svc-clone-path-');
    const { stdout } = await exec('bash', ['-c', `${line}\ncommand -v svc\nsvc --version\nnode --version`], {
      cwd: REPO,
      env: { PATH: '/usr/bin:/bin', HOME: home, XDG_CACHE_HOME: TEST_CACHE_HOME, SVC_CONFIG_DIR: home },
      timeout: 60_000,
    });
    const [where, version, node] = stdout.trim().split('\n');
    expect(where).toBe(`${REPO}/bin/svc`);
    expect(version).toMatch(/^svc \d+\.\d+\.\d+ \(/);
    expect(Number(/^v(\d+)\./.exec(node!)![1])).toBeGreaterThanOrEqual(22);
  }, 60_000);
});

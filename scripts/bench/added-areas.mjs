// The added-areas rows of `npm run bench`: GitHub's REST description added at run time
// (`svc areas add`, 1,223 operations) into a settings folder of its own, and a server that answers
// the two calls compared, at once and always the same, so a row measures svc, not the service.
import { execFileSync, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { GITHUB_RENAME, githubDescription } from '../import-check/check-import.mjs';

/** As the check of the import renames them, and `campaigns`, one of svc's own areas. */
export const GITHUB_ADD_RENAME = `${GITHUB_RENAME},campaigns=github-campaigns`;

/** An answer of the added call: one tag of a repository, as GitHub describes one (both small, as svc's own draft is). */
const TAGS = [
  {
    name: 'v1.0.0',
    commit: { sha: 'c5b97d5ae6c19d5c5df71a34c7fbeeda2479ccbc', url: 'https://api.github.com/repos/octo/hello/commits/c5b97d5' },
    zipball_url: 'https://api.github.com/repos/octo/hello/zipball/v1.0.0',
    tarball_url: 'https://api.github.com/repos/octo/hello/tarball/v1.0.0',
    node_id: 'MDM6UmVmMTI5NjI2OTp2MS4wLjA=',
  },
];

/** The paths the two compared calls read, and their answers: svc's own draft as the mock gives it (`draft`), and the tags. */
export const answersFor = (draft) => ({ '/v1/email/drafts/dr_123': draft, '/v1/repos/octo/hello/tags': TAGS });

/** Adds GitHub's description to `profile` in the settings folder `configDir`, as a user would: `svc areas add`. */
export function addGithub(svcBin, configDir, profile) {
  execFileSync(process.execPath, [svcBin, 'areas', 'add', githubDescription(), '--rename', GITHUB_ADD_RENAME, '--profile', profile], {
    env: { ...process.env, SVC_CONFIG_DIR: configDir },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
}

/** Starts scripts/bench/fixed-server.mjs answering `answers` (path -> value); resolves to its base URL and a stop. */
export function startAnswers(answers) {
  const server = fileURLToPath(new URL('./fixed-server.mjs', import.meta.url));
  const child = spawn(process.execPath, [server, JSON.stringify(answers)], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the answers server exited (${code})`)));
    createInterface({ input: child.stdout }).once('line', (line) => {
      child.removeAllListeners('exit');
      resolve({ url: `${line.replace(/^listening on /, '')}/v1`, stop: () => child.kill() });
    });
  });
}

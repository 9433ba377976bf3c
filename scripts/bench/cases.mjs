// What `npm run bench` measures: each case is svc against the bare-Node baseline it must stay close to.

// The baselines: what a user would write without svc. Same URL, same token, same body, JSON printed.
const GET_ONE_LINER = `fetch(process.argv[1], { headers: { authorization: 'Bearer ' + process.argv[2] } }).then((r) => r.json()).then((j) => process.stdout.write(JSON.stringify(j, null, 2) + '\\n'))`;
const POST_ONE_LINER = `fetch(process.argv[1], { method: 'POST', headers: { authorization: 'Bearer ' + process.argv[2], 'content-type': 'application/json' }, body: process.argv[3] }).then((r) => r.json()).then((j) => process.stdout.write(JSON.stringify(j, null, 2) + '\\n'))`;

const DEAL = { data: { name: 'Bench renewal', amount: 12000 } };

/**
 * The cases, given where things are: `svcBin` (the built CLI), `realBin` and `syntheticBin` (the
 * CLI built again side by side, with the real registry and with 1,000 generated operations), the
 * mock's `url` and `apiKey`, an empty settings folder, `githubBin` (the CLI built from a registry
 * holding GitHub's REST description imported, ~1,200 operations, and nothing else), and the npm package installed globally
 * (`installedBin`, its bin/svc.cjs) beside the standalone binary (`standaloneBin`).
 */
/** The profile `npm run bench` adds GitHub's description to (scripts/bench/added-areas.mjs); `default` has nothing added. */
export const ADDED = 'github';

export function defineCases({ svcBin, realBin, syntheticBin, githubBin, installedBin, standaloneBin, url, apiKey, configDir, added }) {
  const node = process.execPath;
  // Every command gets the same environment; SVC_CONFIG_DIR keeps the user's settings out of it.
  const env = { ...process.env, SERVICE_BASE_URL: url, SERVICE_API_KEY: apiKey, SVC_CONFIG_DIR: configDir, NO_COLOR: '1' };
  for (const name of ['SERVICE_PROFILE', 'FORCE_COLOR', 'NODE_OPTIONS']) delete env[name];
  const command = (label, ...argv) => ({ label, argv: [node, ...argv], env });
  // GitHub's description added at run time (svc areas add) to the profile ADDED of the same settings folder (hyperfine runs both
  // sides of a case with one environment: the profile is on the command line); `answersUrl` answers both calls compared at once.
  const answersEnv = added && { ...env, SERVICE_BASE_URL: added.answersUrl };
  const answering = (label, ...argv) => ({ label, argv: [node, ...argv], env: answersEnv });
  const bareNode = command('node -e 0', '-e', '0');
  const oneLinerGet = command('fetch one-liner, GET', '-e', GET_ONE_LINER, `${url}/email/drafts/dr_123`, apiKey);
  const svcGet = command('svc email drafts get dr_123', svcBin, 'email', 'drafts', 'get', 'dr_123');
  return [
    { name: 'svc --version', svc: command('svc --version', svcBin, '--version'), baseline: bareNode, target: 1.5, expect: /^svc \d/ },
    { name: 'svc --help', svc: command('svc --help', svcBin, '--help'), baseline: bareNode, target: 1.5, expect: /Usage: svc/ },
    { name: 'GET: svc email drafts get', svc: svcGet, baseline: oneLinerGet, target: 1.3, expect: /"draftId": "dr_123"/ },
    {
      name: 'POST: svc crm entries create',
      svc: command(
        'svc crm entries create deals --data …',
        svcBin,
        'crm',
        'entries',
        'create',
        'deals',
        '--data',
        `name=${DEAL.data.name}`,
        '--data',
        `amount:=${DEAL.data.amount}`,
      ),
      baseline: command('fetch one-liner, POST', '-e', POST_ONE_LINER, `${url}/crm/objects/deals/entries`, apiKey, JSON.stringify(DEAL)),
      target: 1.4,
      expect: /"entryId": "/,
    },
    {
      name: 'svc --help, 1,000 operations',
      svc: command('svc --help (1,000 generated operations)', syntheticBin, '--help'),
      baseline: command('svc --help (the real registry)', realBin, '--help'),
      target: 1.1,
      expect: /agentconfig/,
    },
    {
      name: 'svc --help, GitHub imported',
      svc: command("svc --help (GitHub's description imported)", githubBin, '--help'),
      baseline: command('svc --help (the real registry)', realBin, '--help'),
      target: 1.1,
      expect: /security-advisories/,
    },
    {
      name: 'svc --version, GitHub added',
      svc: command("svc --version (profile with GitHub's description added)", svcBin, '--profile', ADDED, '--version'),
      baseline: command('svc --version (profile with nothing added)', svcBin, '--profile', 'default', '--version'),
      target: 1.1,
      expect: /^svc \d/,
    },
    {
      name: 'GET: svc email drafts get, GitHub added',
      svc: command("svc email drafts get (profile with GitHub's description added)", svcBin, '--profile', ADDED, 'email', 'drafts', 'get', 'dr_123'),
      baseline: command('svc email drafts get (profile with nothing added)', svcBin, '--profile', 'default', 'email', 'drafts', 'get', 'dr_123'),
      target: 1.1,
      expect: /"draftId": "dr_123"/,
    },
    {
      name: 'Added operation: svc repos list-tags, GitHub added',
      svc: answering('svc repos list-tags octo hello (added)', svcBin, '--profile', ADDED, 'repos', 'list-tags', 'octo', 'hello'),
      baseline: answering("svc email drafts get dr_123 (svc's own)", svcBin, '--profile', ADDED, 'email', 'drafts', 'get', 'dr_123'),
      target: 1.2,
      expect: /"v1\.0\.0"/,
    },
    { name: 'Peak memory, GET', svc: svcGet, baseline: oneLinerGet, target: 1.3, memory: true },
    // The binary must be no slower than the npm-installed svc (run by its bin, with its compile cache).
    {
      name: 'Standalone binary: --version',
      svc: { label: 'svc --version (binary)', argv: [standaloneBin, '--version'], env },
      baseline: command('svc --version (npm -g)', installedBin, '--version'),
      target: 1.0,
      expect: /^svc \d/,
    },
    {
      name: 'Standalone binary: --version, GitHub added',
      svc: { label: "svc --version (binary, profile with GitHub's description added)", argv: [standaloneBin, '--profile', ADDED, '--version'], env },
      baseline: { label: 'svc --version (binary, profile with nothing added)', argv: [standaloneBin, '--profile', 'default', '--version'], env },
      target: 1.1,
      expect: /^svc \d/,
    },
    {
      name: 'Standalone binary: GET, GitHub added',
      svc: {
        label: "svc email drafts get (binary, profile with GitHub's description added)",
        argv: [standaloneBin, '--profile', ADDED, 'email', 'drafts', 'get', 'dr_123'],
        env,
      },
      baseline: {
        label: 'svc email drafts get (binary, profile with nothing added)',
        argv: [standaloneBin, '--profile', 'default', 'email', 'drafts', 'get', 'dr_123'],
        env,
      },
      target: 1.1,
      expect: /"draftId": "dr_123"/,
    },
    {
      name: 'Standalone binary: added operation, GitHub added',
      svc: {
        label: 'svc repos list-tags octo hello (binary, added)',
        argv: [standaloneBin, '--profile', ADDED, 'repos', 'list-tags', 'octo', 'hello'],
        env: answersEnv,
      },
      baseline: {
        label: "svc email drafts get dr_123 (binary, svc's own)",
        argv: [standaloneBin, '--profile', ADDED, 'email', 'drafts', 'get', 'dr_123'],
        env: answersEnv,
      },
      target: 1.2,
      expect: /"v1\.0\.0"/,
    },
    {
      name: 'Standalone binary: GET',
      svc: { label: 'svc email drafts get (binary)', argv: [standaloneBin, 'email', 'drafts', 'get', 'dr_123'], env },
      baseline: command('svc email drafts get (npm -g)', installedBin, 'email', 'drafts', 'get', 'dr_123'),
      target: 1.0,
      expect: /"draftId": "dr_123"/,
    },
  ];
}

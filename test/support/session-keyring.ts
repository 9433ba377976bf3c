import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SvcBuild } from './builds.js';
import { tempFolder } from './temp-folder.js';

/**
 * The Linux kernel's keyring (keyutils) around a run of svc: the run gets a session keyring of its
 * own, new and empty, as a login where pam_keyinit runs (or a systemd service) has, held by it and
 * its children alone and gone when they end, so no test reads or leaves anything in the machine's
 * keyrings. Keys can be put in it first, and what it holds after svc exited is read back.
 */
export interface SessionKeyring {
  /** The build, run inside a session keyring of its own: pass it to runSvcProcess. */
  build: SvcBuild;
  /** What the session keyring held when the last run ended: `type;description` per key, sorted. */
  held(): string[];
}

/** The description the library's kernel-keyring store gives the secret of `account` of `service`. */
export const keyutilsDescription = (account: string, service = 'svc'): string => `keyring:${account}@${service}`;

const keyctl = spawnSync('sh', ['-c', 'command -v keyctl'], { encoding: 'utf8' }).stdout.trim();

/** Why this machine cannot give a run a session keyring of its own (no keyctl; a kernel or sandbox that refuses keyrings), or undefined. */
export function sessionKeyringUnavailable(): string | undefined {
  if (!keyctl) return 'keyctl (the keyutils package) is not installed; CI installs it';
  const tried = spawnSync('/bin/sh', ['-c', `'${keyctl}' new_session >/dev/null && '${keyctl}' show @s >/dev/null`], { encoding: 'utf8' });
  return tried.status === 0 ? undefined : `the kernel keyring cannot be used here (${tried.stderr.trim() || `keyctl exited ${tried.status}`})`;
}

const quote = (text: string): string => `'${text.replace(/'/g, "'\\''")}'`;

/** `build` run by a shell that first joins a new anonymous session keyring (keyctl new_session) holding `keys` (description → user key payload). */
export function inSessionKeyring(build: SvcBuild, keys: Record<string, string> = {}): SessionKeyring {
  const report = join(tempFolder('svc-session-keyring-'), 'held');
  const k = quote(keyctl);
  const script = [
    `${k} new_session >/dev/null || { echo 'keyctl: no session keyring of its own' >&2; exit 125; }`,
    ...Object.entries(keys).map(([description, payload]) => `printf %s ${quote(payload)} | ${k} padd user ${quote(description)} @s >/dev/null || exit 125`),
    '"$@"',
    'code=$?',
    `for key in $(${k} rlist @s); do ${k} rdescribe "$key"; echo; done >${quote(report)}`,
    'exit $code',
  ].join('\n');
  return {
    build: {
      name: build.name,
      standalone: build.standalone,
      get command(): [string, ...string[]] {
        return ['/bin/sh', '-c', script, 'sh', ...build.command];
      },
      get path() {
        return build.path;
      },
    },
    held: () =>
      readFileSync(report, 'utf8')
        .split('\n')
        .filter(Boolean)
        // type;uid;gid;perm;description
        .map((line) => {
          const [type, , , , ...description] = line.split(';');
          return `${type};${description.join(';')}`;
        })
        .sort(),
  };
}

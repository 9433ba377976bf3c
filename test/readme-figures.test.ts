import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { badInputs } from './commands/tables/bad-input-cases.js';
import { concurrentLogins, concurrentWriteRounds, prototypeProfileNames, unusableSettings } from './commands/tables/config-cases.js';
import { exhaustedCases, faults, recoveringCases, writeCases } from './commands/tables/fault-cases.js';
import { sameFileCases } from './commands/tables/file-cases.js';
import { hostileCases } from './commands/tables/hostile-cases.js';
import { hostileInputs } from './commands/tables/hostile-inputs.js';
import { pathEscapes } from './commands/tables/path-escapes.js';
import { secretForms, secretOutputs } from './commands/tables/secret-forms.js';
import { interruptionCount } from './commands/tables/interruption-cases.js';
import { undefinedRequests } from './commands/tables/mock-cases.js';
import { secretRuns } from './commands/tables/secret-runs.js';

// The reliability figures (docs/reliability.md) are the sizes of the test tables, not numbers typed once.

const readme = readFileSync(join(import.meta.dirname, '..', 'docs', 'reliability.md'), 'utf8');

function figure(label: string): number {
  const row = readme.split('\n').find((line) => line.startsWith(`| ${label} |`));
  if (!row) throw new Error(`docs/reliability.md has no figure "${label}"`);
  return Number(row.split('|')[2]!.trim().replace(/,/g, ''));
}

describe('docs/reliability.md figures', () => {
  it.each([
    [`Faults injected into real requests (${faults.length} kinds, all six operations)`, writeCases.length + recoveringCases.length + exhaustedCases.length],
    ['Writes faulted on every attempt', writeCases.length],
    ['Writes duplicated', 0],
    ['Hostile or broken answers from a real server', hostileCases.length],
    ['Bad invocations refused, with nothing sent', badInputs.length],
    // Both credential sources run every command; plus the login and the logout around them.
    ['Command runs checked for a canary token', 2 * secretRuns.length + 2],
    [
      `Secret forms a real server echoes back (${secretForms.length} forms, each through ${secretOutputs.length} outputs)`,
      secretForms.length * secretOutputs.length,
    ],
    ['Hostile inputs: files in every line ending, encoding and size, and paths that would leave the base URL', hostileInputs.length + pathEscapes.length],
    ['Secrets leaked', 0],
    ['Concurrent logins, all kept', concurrentLogins],
    ['Interruptions (SIGINT, SIGTERM, SIGHUP, a closed stdout) ended in order', interruptionCount],
    ['Records lost to an interruption', 0],
    ['Ways of naming a file svc reads or prints to, refused as an output', sameFileCases.length],
    ['Lines lost to a shared or clobbered file', 0],
    // Each round: three `config set`, an `auth logout` and an `auth login` at once.
    ['Concurrent settings writes on one profile, all kept', concurrentWriteRounds * 5],
    ['Unusable settings files refused in one line', unusableSettings.length],
    ["Profiles named like JavaScript's own properties, kept", prototypeProfileNames.length],
    ['Requests the API does not define, answered by the mock in its error shape', undefinedRequests.length],
  ])('%s: %i', (label, count) => {
    expect(figure(label)).toBe(count);
  });
});

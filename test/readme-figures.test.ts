import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { badInputs } from './e2e/tables/bad-input-cases.js';
import { concurrentLogins } from './e2e/tables/config-cases.js';
import { exhaustedCases, faults, recoveringCases, writeCases } from './e2e/tables/fault-cases.js';
import { hostileCases } from './e2e/tables/hostile-cases.js';
import { secretForms, secretOutputs } from './e2e/tables/secret-forms.js';
import { secretRuns } from './e2e/tables/secret-runs.js';

// The README's reliability figures are the sizes of the test tables, not numbers typed once.

const readme = readFileSync(join(import.meta.dirname, '..', 'README.md'), 'utf8');

function figure(label: string): number {
  const row = readme.split('\n').find((line) => line.startsWith(`| ${label} |`));
  if (!row) throw new Error(`README has no figure "${label}"`);
  return Number(row.split('|')[2]!.trim().replace(/,/g, ''));
}

describe('README reliability figures', () => {
  it.each([
    [`Faults injected into real requests (${faults.length} kinds, all six operations)`, writeCases.length + recoveringCases.length + exhaustedCases.length],
    ['Writes faulted on every attempt', writeCases.length],
    ['Writes duplicated', 0],
    ['Hostile or broken answers from a real server', hostileCases.length],
    ['Bad invocations refused, with nothing sent', badInputs.length],
    // Both credential sources run every command; plus the login and the logout around them.
    ['Command runs checked for a canary token', 2 * secretRuns.length + 2],
    [`Secret forms a real server echoes back (${secretForms.length} forms, each through ${secretOutputs.length} outputs)`, secretForms.length * secretOutputs.length],
    ['Secrets leaked', 0],
    ['Concurrent logins, all kept', concurrentLogins],
  ])('%s: %i', (label, count) => {
    expect(figure(label)).toBe(count);
  });
});

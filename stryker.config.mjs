// Mutation testing of the modules that guard data, secrets and the wire: `npm run mutate`.
// Every listed module must score 85% or more (scripts/mutate.mjs reads the report; Stryker's
// own thresholds.break is one global number). Equivalent mutants: stryker.equivalent-mutants.md.

/** The guarded modules; scripts/mutate.mjs checks each one against `threshold`. */
export const guardedModules = [
  'src/client/path.ts',
  // An operation's path template, which the description that declares it may have written to leave the API's path.
  'registry/path-template.ts',
  'src/client/percent-decoding.ts',
  'src/client/retry.ts',
  // How often --wait-for asks the service: never sooner than the interval or Retry-After.
  'src/core/wait-schedule.ts',
  'src/batch/csv.ts',
  'src/input/assignment.ts',
  'src/config/config-lock.ts',
  'src/config/stale-lock.ts',
  'src/batch/checkpoint-lock.ts',
  'src/batch/rejects-lock.ts',
  'src/cli/guarded-context.ts',
  'src/core/secrets.ts',
  'src/auth/redaction.ts',
  'src/output/terminal-safe.ts',
  // Output fidelity: numbers kept as sent, read (response-body) and printed (json-color,
  // yaml); bodies JSON would change refused (json-body); YAML 1.1 readers; terminal cells. Not
  // src/client/exact-number.ts: two typed names for JSON.rawJSON and JSON.isRawJSON, whose only
  // mutants (a body made `undefined`) do not type-check; the modules above test what they do.
  'src/client/response-body.ts',
  'src/client/json-body.ts',
  'src/output/json-color.ts',
  'src/output/yaml.ts',
  'src/output/text-width.ts',
];

export const threshold = 85;

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  mutate: guardedModules,
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutate.config.ts' },
  checkers: ['typescript'],
  tsconfigFile: 'tsconfig.json',
  coverageAnalysis: 'perTest',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  clearTextReporter: { logTests: false },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  // Two cores on CI; `--concurrency 1` on a shared machine.
  concurrency: 2,
  thresholds: { high: 95, low: threshold, break: threshold },
  // Incremental: the last run's results live in the repository, so a clone (CI among them) tests
  // again only the mutants whose code, or whose covering tests, changed since. `npm run mutate -- --force`
  // tests every mutant, and writes the file anew.
  incremental: true,
  // The first run of every test, for coverage, takes minutes on a loaded machine; Stryker's 5 is too few.
  dryRunTimeoutMinutes: 30,
  incrementalFile: 'test/mutation/stryker-incremental.json',
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};

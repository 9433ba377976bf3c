import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { readGuideSources } from './scripts/build/guides.mjs';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

export default defineConfig({
  define: { __SVC_VERSION__: JSON.stringify(version), __SVC_GUIDES__: JSON.stringify(readGuideSources()) },
  test: {
    include: ['test/**/*.test.ts'],
    // A guard against a hung test, not a speed bound: an end-to-end test runs real svc processes in
    // turn, and tests of four to ten of them took 12 to 21 s on a loaded 2-core machine. A test that
    // bounds time says so in its own assertion.
    testTimeout: 60_000,
    hookTimeout: 20_000,
    // End-to-end tests spawn processes; two cores on CI.
    maxWorkers: 2,
    // A temp folder per run that must end empty; each file removes the folders it made.
    globalSetup: ['test/support/run-folder.ts'],
    setupFiles: ['test/support/file-cleanup.ts'],
    // Every skipped test is named, with its reason, after the summary.
    reporters: ['default', './test/support/skip-summary.ts'],
  },
});

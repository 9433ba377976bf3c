import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.js';

// The tests Stryker runs against each mutant (stryker.config.mjs): those that can kill one, in this
// process, with no wall-clock bound that load could break. Left out:
// - test/e2e/**: real svc processes, which run the built dist/ (never a mutant) and show what only a
//   process shows (signals, terminals, start-up, proxies, the keyring);
// - test/commands/**: whole commands against real servers, hundreds of runs each; the unit tests
//   beside src/ reach every guarded module, and these only repeat them at a hundred times the cost;
// - the build and the package (bundling, packing, installing), the HTML manual and man pages in
//   Chromium and man, the GitHub import at scale, and the docs' examples run in bash: none runs
//   mutated code, and together they were most of each mutant's test time;
// - the MCP tests that spawn `svc mcp` (stdio, HTTP, conformance, the Inspector, `svc mcp tools`,
//   the CLI's wording), the architecture and CI-script checks, the importer's command and the
//   "Adding an area" guide (the importer and tsc on a copy of the project), which run other programs.
export const notMutationTests = [
  'test/e2e/**',
  'test/commands/**',
  'test/build/**',
  'test/package/**',
  'test/docs/manual.test.ts',
  'test/docs/examples.test.ts',
  'test/docs/exit-codes.test.ts',
  'test/import/github.test.ts',
  'test/readme-figures.test.ts',
  'test/architecture.test.ts',
  'test/ci-tools.test.ts',
  'test/openapi/import/command.test.ts',
  'test/openapi/import/adding-an-area.test.ts',
  'test/mcp/{stdio-e2e,http-e2e,conformance,inspector,tool-list,cli-wording,hostile-service}.test.ts',
];

export default mergeConfig(
  base,
  defineConfig({
    test: {
      exclude: [...notMutationTests, 'node_modules/**'],
    },
  }),
);

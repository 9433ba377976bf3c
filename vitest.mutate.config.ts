import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.js';

// The tests Stryker runs against each mutant (stryker.config.mjs): the in-process ones only. The e2e
// tests spawn the built dist/, which never holds a mutant, the build tests bundle dist/ with esbuild
// and the package tests pack and install the project; all would only cost time, and none needs a
// build before `npm run mutate`.
export default mergeConfig(
  base,
  defineConfig({
    test: {
      // The MCP tests that spawn `svc mcp` (stdio, HTTP, conformance, the Inspector, `svc mcp tools`, the CLI's wording) run the built dist/ too.
      exclude: [
        'test/e2e/**',
        'test/build/**',
        'test/package/**',
        'test/readme-figures.test.ts',
        'test/mcp/{stdio-e2e,http-e2e,conformance,inspector,tool-list,cli-wording}.test.ts',
        'node_modules/**',
      ],
    },
  }),
);

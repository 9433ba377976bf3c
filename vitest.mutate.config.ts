import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.js';

// The tests Stryker runs against each mutant (stryker.config.mjs): the in-process ones only. The e2e
// tests spawn the built dist/, which never holds a mutant, and the build tests bundle dist/ with
// esbuild; both would only cost time.
export default mergeConfig(
  base,
  defineConfig({
    test: {
      exclude: ['test/e2e/**', 'test/build/**', 'test/readme-figures.test.ts', 'node_modules/**'],
    },
  }),
);

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
      exclude: ['test/e2e/**', 'test/build/**', 'test/package/**', 'test/readme-figures.test.ts', 'node_modules/**'],
    },
  }),
);

// Bundles the CLI and the library with esbuild into dist/ (settings in scripts/build/bundle.mjs).
import { rmSync } from 'node:fs';
import { bundleCli, bundleLibrary, repoRoot } from './build/bundle.mjs';

const outdir = `${repoRoot}dist`;
rmSync(outdir, { recursive: true, force: true });
await Promise.all([bundleCli({ outdir }), bundleLibrary({ outdir })]);

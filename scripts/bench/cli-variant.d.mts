import type { Plugin } from 'esbuild';

/** Builds bin/ (svc.cjs, run-cli.cjs), dist/ and package.json into `folder`, bundled with `plugins`; returns its bin. */
export function buildCliVariant(options: { repoRoot: string; folder: string; plugins?: Plugin[] }): Promise<string>;

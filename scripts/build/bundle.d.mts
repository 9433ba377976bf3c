import type { BuildResult, Plugin } from 'esbuild';

export const repoRoot: string;
export function bundleCli(options: { outdir: string; plugins?: Plugin[]; metafile?: boolean; write?: boolean }): Promise<BuildResult<{ metafile: true; write: false }> & { buildId: string; scriptText: string }>;
export function bundleLibrary(options: { outdir: string }): Promise<BuildResult>;
export function bundleManualWriter(options: { outfile: string }): Promise<BuildResult>;

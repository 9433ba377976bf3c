import type { BuildResult, Metafile, Plugin } from 'esbuild';

export const repoRoot: string;
/** A CLI script: `cli.cjs` (the whole CLI) or `cli-root.cjs` (the root command alone). */
export interface CliScript {
  name: 'cli.cjs' | 'cli-root.cjs';
  text: string;
  buildId: string;
  metafile?: Metafile;
}
export function bundleCli(options: { outdir: string; plugins?: Plugin[]; metafile?: boolean; write?: boolean }): Promise<CliScript[]>;
export function bundleLibrary(options: { outdir: string }): Promise<BuildResult>;
export function bundleManualWriter(options: { outfile: string }): Promise<BuildResult>;
export function bundleMcpServer(options: { outdir: string; plugins?: Plugin[] }): Promise<BuildResult>;
/** A CLI script's text without its function-expression wrapper: a plain CommonJS module. */
export function unwrapCliScript(text: string): string;

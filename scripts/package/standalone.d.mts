import type { Plugin } from 'esbuild';

export function standaloneUnsupportedReason(): string | undefined;
export const standaloneName: string;
/** Resolves to whether the binary starts from a V8 startup snapshot. */
export function buildStandalone(options: { output: string; snapshot?: boolean; plugins?: Plugin[]; log?: (line: string) => void }): Promise<boolean>;

import type { Plugin } from 'esbuild';
export function registryFolderPlugin(options: { repoRoot: string; folder: string }): Plugin;
export function handWrittenAreaModules(areasSource: string): string[];
export function makeThrowawayRegistry(options: { repoRoot: string; folder: string; handWritten?: boolean; importedBefore?: boolean }): string;
export function buildRegistryVariant(options: { repoRoot: string; registryFolder: string; folder: string }): Promise<string>;

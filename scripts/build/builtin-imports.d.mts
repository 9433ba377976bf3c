import type { Plugin } from 'esbuild';

export function importedNames(source: string, specifier: string, fileName?: string): { default: boolean; named: Set<string> } | undefined;
export const builtinImports: Plugin;

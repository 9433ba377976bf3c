import type { Plugin } from 'esbuild';

export function syntheticOperations(count: number): Record<string, { id: string; verb: string; method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; item: string }[]>;
export function syntheticRegistryPlugin(options: { repoRoot: string; count: number }): Plugin;
export function syntheticSafety(method: string): 'safe' | 'idempotent' | 'unsafe';

import type { DescribedOperation } from './request-validator.mjs';
export function flagOf(name: string): string;
export function commandLine(document: unknown, operation: DescribedOperation, words: readonly string[]): string[];

export const BASE_URL: string;
export interface ImportReport {
  description: string;
  operations: number;
  areas: string[];
  seconds: number;
  counts: Record<string, number>;
  unmapped: { operation: string; construct: string; note: string; where: string }[];
}
export interface CheckFailure {
  id: string;
  check: 'imported' | 'help' | 'dry-run' | 'dry-run, every parameter';
  detail: string;
}
export function githubDescription(): string;
export const GITHUB_RENAME: string;
export function checkEnvironment(work: string): NodeJS.ProcessEnv;
export function importedVariant(options: {
  repoRoot: string;
  description: string;
  work: string;
  rename?: string;
}): Promise<{ report: ImportReport; timings: Record<string, number>; cliFolder: string; bin: string }>;
export function checkImport(options: {
  repoRoot: string;
  description: string;
  work: string;
  rename?: string;
  sample?: number;
  spawnSample?: number;
  hosts?: number;
  everyParameter?: boolean;
}): Promise<{
  report: ImportReport;
  timings: Record<string, number>;
  described: number;
  checked: number;
  helpPassed: number;
  dryRunPassed: number;
  everyParameter: { checked: number; passed: number } | undefined;
  failures: CheckFailure[];
  spawned: { count: number; differing: string[][] };
  cliFolder: string;
  bin: string;
}>;
export function typecheckRegistry(options: { repoRoot: string; work: string }): Promise<{ code: number | string; output: string }>;

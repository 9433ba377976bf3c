export type DryRunRequest =
  { error: string } | { error?: undefined; method: string; path: string; query: [string, string][]; headers: Record<string, string>; body?: unknown };
export function readFromDryRun(text: string, baseUrl: string): DryRunRequest;

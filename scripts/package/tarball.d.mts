export function npm(args: string[], options: { cwd: string; home: string }): Promise<{ stdout: string; stderr: string }>;
export function packFromCopy(work: string, options?: { leftInDist?: string[] }): Promise<{ tarball: string; files: string[] }>;

/** The file name of a target's binary in a release: svc-<target>, .exe for Windows. */
export function releaseName(target: string): string;
/** The lines of a SHA256SUMS file for `files` (paths), in sha256sum's text format, sorted by name. */
export function sha256Sums(files: string[]): string;
/** Writes every target's binary and SHA256SUMS into `folder`; resolves to the file names written. */
export function writeRelease(options: { folder: string; log?: (line: string) => void }): Promise<string[]>;

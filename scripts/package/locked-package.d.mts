export const packageCache: string;
export function lockedVersion(name: string): { version: string; integrity: string } | undefined;
export function installedPackage(name: string): string | undefined;
export function lockedPackage(name: string): Promise<string>;

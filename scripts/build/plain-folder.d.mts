export function makeFolder(prefix: string): string;

export function readGuideSources(dir?: string): { name: string; markdown: string }[];

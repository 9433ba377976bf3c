export function standaloneUnsupportedReason(): string | undefined;
export const standaloneName: string;
export function buildStandalone(options: { output: string }): Promise<void>;

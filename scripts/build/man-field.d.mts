/** The manual writer (src/cli/reference/manual.ts) bundled from the sources as they are now, for `use`; its folder is removed after. */
export function withManualWriter<T>(use: (writer: typeof import('../../src/cli/reference/manual.js')) => Promise<T>): Promise<T>;
/** Makes package.json's `man` field (in `root`, the project by default) list the pages `names`, in order; returns whether it changed. */
export function writeManField(names: readonly string[], root?: string): boolean;

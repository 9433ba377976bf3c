/**
 * Why an import stops before writing anything, as the one line the importer prints, with its exit
 * status: 2 when the description or the command line cannot be used (nothing was read into the
 * registry), 1 when the registry refuses what the description holds (a conflict with a
 * hand-written operation, two operations with one id, an area named like a built-in command).
 */
export class ImportRefusal extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2 = 2,
  ) {
    super(message);
    this.name = 'ImportRefusal';
  }
}

/** The importer's exit statuses, documented in docs/guide/adding-an-area.md. */
export const EXIT = { written: 0, conflict: 1, badInput: 2 } as const;

/** One thing the importer could not map exactly: which operation, what construct, what it did instead. */
export interface ReportItem {
  /** The registry id of the operation, or `*` for the description as a whole. */
  operation: string;
  construct: string;
  note: string;
  /** A JSON pointer into the description, when known. */
  where?: string;
}

/**
 * What an import wrote and what it could not say: one line per unmapped construct
 * (`<id>: <construct>: <what was done>`), then the counts by construct, on stderr at the end; the
 * same as JSON for `--report`.
 */
export class ImportReport {
  readonly items: ReportItem[] = [];
  /** The operation being mapped, which constructs the schema writer finds are charged to. */
  current = '*';

  add(construct: string, note: string, where?: string, operation = this.current): void {
    this.items.push({ operation, construct, note, ...(where === undefined ? {} : { where }) });
  }

  /** Unmapped items counted by construct, most frequent first (then by name). */
  counts(): [string, number][] {
    const counts = new Map<string, number>();
    for (const item of this.items) counts.set(item.construct, (counts.get(item.construct) ?? 0) + 1);
    return [...counts].sort(([a, m], [b, n]) => n - m || (a < b ? -1 : a > b ? 1 : 0));
  }

  /** The lines printed on stderr. */
  lines(summary: ImportSummary): string[] {
    const lines = this.items.map((item) => `${item.operation}: ${item.construct}: ${item.note}`);
    const counts = this.counts();
    const head = `registry:import: ${summary.operations} operation${summary.operations === 1 ? '' : 's'} in ${summary.areas.length} area${summary.areas.length === 1 ? '' : 's'} (${summary.areas.join(', ')}) written to ${summary.folder} in ${summary.seconds.toFixed(1)} s`;
    if (counts.length === 0) return [head, 'Every construct was mapped.'];
    return [
      ...lines,
      head,
      `Not mapped exactly: ${this.items.length} (by construct below; each line above names the operation and what was done; review the entries marked // review:)`,
      ...counts.map(([construct, count]) => `  ${String(count).padStart(6)}  ${construct}`),
    ];
  }

  /** The `--report` file's content. */
  json(summary: ImportSummary): string {
    return `${JSON.stringify({ ...summary, counts: Object.fromEntries(this.counts()), unmapped: this.items }, null, 2)}\n`;
  }
}

export interface ImportSummary {
  description: string;
  folder: string;
  operations: number;
  areas: string[];
  files: string[];
  seconds: number;
}

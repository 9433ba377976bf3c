// JSON.rawJSON and JSON.isRawJSON (Node 22+; not yet in TypeScript's lib): a number kept as the
// text the service sent, which JSON.stringify writes back unchanged.

/** A number kept as its JSON text: a frozen object JSON.stringify writes as `rawJSON`. */
export interface ExactNumber {
  readonly rawJSON: string;
}

const json = JSON as JSON & { rawJSON(text: string): ExactNumber; isRawJSON(value: unknown): boolean };

export const exactNumber = (text: string): ExactNumber => json.rawJSON(text);

export const isExactNumber = (value: unknown): value is ExactNumber => json.isRawJSON(value);

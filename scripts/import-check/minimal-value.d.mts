export function minimalValue(document: unknown, schema: unknown, at?: string): unknown;

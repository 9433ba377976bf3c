/**
 * Query parameters (already valid against the operation's `query` schema) as a query string: an
 * array repeats its parameter (`tag=a&tag=b`), numbers and booleans are their text, anything else
 * its JSON. '' when there is nothing to send.
 */
export function encodeQuery(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value])
      params.append(name, typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean' ? String(item) : JSON.stringify(item));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

// The request as `svc … --dry-run` prints it (docs/guide/output.md): `METHOD URL`, one `name: value`
// line per header, then, when there is a body, a blank line and the body as JSON.

/** `{ method, path, query, headers, body }` under `baseUrl`, or `{ error }` naming what is wrong with the text. */
export function readFromDryRun(text, baseUrl) {
  const lines = text.replace(/\n$/, '').split('\n');
  const start = /^([A-Z]+) (\S+)$/.exec(lines[0] ?? '');
  if (!start) return { error: `the dry run printed no request line: ${JSON.stringify(lines[0] ?? '')}` };
  const [, method, address] = start;
  const url = new URL(address);
  const base = new URL(baseUrl);
  const basePath = base.pathname.replace(/\/$/, '');
  if (url.origin !== base.origin || !url.pathname.startsWith(`${basePath}/`)) return { error: `the request goes to ${address}, not under ${baseUrl}` };
  const headers = {};
  let at = 1;
  for (; at < lines.length && lines[at] !== ''; at++) {
    const header = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+): (.*)$/.exec(lines[at]);
    if (!header) return { error: `not a header line: ${JSON.stringify(lines[at])}` };
    headers[header[1].toLowerCase()] = header[2];
  }
  const request = { method, path: url.pathname.slice(basePath.length), query: [...url.searchParams], headers };
  if (at >= lines.length) return request;
  try {
    return { ...request, body: JSON.parse(lines.slice(at + 1).join('\n')) };
  } catch (error) {
    return { error: `the body is not JSON: ${error.message}` };
  }
}

import type { HttpRequest } from '../client/transport.js';

const MAX_TRACED_BODY = 4096;

const clip = (body: string): string => (body.length > MAX_TRACED_BODY ? `${body.slice(0, MAX_TRACED_BODY)}… (${body.length} bytes in all)` : body);

const headerLines = (headers: Record<string, string>, mark: string): string =>
  Object.entries(headers)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => `${mark} ${name}: ${value}\n`)
    .join('');

/** The request as `--dry-run` prints it: method and URL, headers, a blank line, the body. */
export function formatRequest(request: HttpRequest): string {
  const headers = headerLines(request.headers, '').replace(/^ /gm, '');
  const body = request.body === undefined ? '' : `\n${JSON.stringify(JSON.parse(request.body), null, 2)}\n`;
  return `${request.method} ${request.url}\n${headers}${body}`;
}

/** `--debug` lines for a request leaving, curl style. */
export function traceRequest(request: HttpRequest): string {
  const body = request.body === undefined ? '' : `>\n> ${clip(request.body)}\n`;
  return `> ${request.method} ${request.url}\n${headerLines(request.headers, '>')}${body}`;
}

/** `--debug` lines for a response arriving. */
export function traceResponse(response: { status: number; headers: Record<string, string>; body: string }, ms: number): string {
  const body = response.body === '' ? '' : `<\n< ${clip(response.body)}\n`;
  return `< ${response.status} (${Math.round(ms)} ms)\n${headerLines(response.headers, '<')}${body}`;
}

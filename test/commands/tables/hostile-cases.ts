// The hostile-response table of test/commands/hostile-responses.test.ts, apart so
// test/readme-figures.test.ts can count it. Each names a behaviour of test/support/hostile-server.ts.

export interface HostileCase {
  behaviour: string;
  args?: string[];
  code: number;
  stderr: string | RegExp;
  stdout?: string | RegExp;
  /** Requests the server got: a GET meeting a retryable fault is tried 1 + 3 times. */
  hits: number;
}

const port = String.raw`127\.0\.0\.1:\d+`;

export const hostileCases: HostileCase[] = [
  { behaviour: 'html-502', code: 1, stderr: 'svc: HTTP 502 with an HTML page (a proxy or gateway error?) (after 4 attempts)\n', hits: 4 },
  { behaviour: 'html-200', code: 3, stderr: 'svc: the service answered 200 with an HTML page (a proxy or gateway error?) where JSON was expected\n', hits: 1 },
  { behaviour: 'invalid-json', code: 3, stderr: 'svc: the service answered 200 with malformed JSON where JSON was expected\n', hits: 1 },
  { behaviour: 'empty', code: 3, stderr: 'svc: the service answered 200 with an empty body where JSON was expected\n', hits: 1 },
  {
    behaviour: 'truncated',
    code: 3,
    stderr: new RegExp(`^svc: the connection to ${port} was closed before the answer was complete \\(after 4 attempts\\)\\n$`),
    hits: 4,
  },
  {
    behaviour: 'reset-mid-body',
    code: 3,
    stderr: new RegExp(`^svc: the connection to ${port} was closed before the answer was complete \\(after 4 attempts\\)\\n$`),
    hits: 4,
  },
  { behaviour: 'huge-stream', code: 3, stderr: 'svc: the response is larger than the 64 MiB limit; nothing of it was used\n', hits: 1 },
  {
    behaviour: 'huge-declared',
    code: 3,
    stderr: 'svc: the response is larger than the 64 MiB limit (it announced 300 MiB); nothing of it was used\n',
    hits: 1,
  },
  // The deadlines leave seconds for the request to reach the server (hits: 1) on a loaded machine; the server is slower still.
  { behaviour: 'slow-headers', args: ['--timeout', '2'], code: 3, stderr: new RegExp(`^svc: no complete answer from ${port} within 2s\\n$`), hits: 1 },
  { behaviour: 'slow-body', args: ['--timeout', '2.5'], code: 3, stderr: new RegExp(`^svc: no complete answer from ${port} within 2\\.5s\\n$`), hits: 1 },
  {
    behaviour: 'mismatch',
    code: 0,
    stderr: /^svc: warning: the response does not match the registry's schema \(kind: .*\)\n$/,
    stdout: /"kind": "sms"/,
    hits: 1,
  },
  {
    behaviour: 'mismatch',
    args: ['--strict'],
    code: 3,
    stderr: /^svc: the response does not match the registry's schema \(kind: .*\); --strict refuses it\n$/,
    stdout: '',
    hits: 1,
  },
  { behaviour: 'status-599', code: 1, stderr: 'svc: HTTP 599 with a body of type text/plain\n', hits: 1 },
  { behaviour: 'status-299', code: 0, stderr: '', stdout: /"draftId": "dr_1"/, hits: 1 },
  {
    behaviour: 'redirect',
    code: 1,
    stderr: 'svc: HTTP 302 redirect to http://attacker.example/v1/steal; svc does not follow redirects (is the base URL right?)\n',
    hits: 1,
  },
  { behaviour: 'deep-json', code: 3, stderr: 'svc: the service answered 200 with JSON that nests deeper than 1000 levels where JSON was expected\n', hits: 1 },
  {
    behaviour: 'octet-stream',
    code: 3,
    stderr: 'svc: the service answered 200 with a body of type application/octet-stream where JSON was expected\n',
    hits: 1,
  },
  { behaviour: 'huge-header', code: 3, stderr: new RegExp(`^svc: the response headers from ${port} are larger than the limit\\n$`), hits: 1 },
  { behaviour: 'bom-json', code: 0, stderr: '', stdout: /"draftId": "dr_1"/, hits: 1 },
  {
    behaviour: 'json-null',
    code: 0,
    stderr: /^svc: warning: the response does not match the registry's schema \(the body: .*\)\n$/,
    stdout: 'null\n',
    hits: 1,
  },
  { behaviour: 'error-not-standard', code: 1, stderr: 'svc: HTTP 400 with a JSON body that is not the standard error shape\n', hits: 1 },
  // unusual but legal HTTP is read; what svc cannot read is named (RFC 9110), never "malformed JSON" or a network fault
  { behaviour: 'gzip', code: 0, stderr: '', stdout: /"draftId": "dr_1"/, hits: 1 },
  { behaviour: 'deflate', code: 0, stderr: '', stdout: /"draftId": "dr_1"/, hits: 1 },
  { behaviour: 'deflate-raw', code: 0, stderr: '', stdout: /"draftId": "dr_1"/, hits: 1 },
  { behaviour: 'br', code: 0, stderr: '', stdout: /"draftId": "dr_1"/, hits: 1 },
  { behaviour: 'gzip-then-br', code: 0, stderr: '', stdout: /"draftId": "dr_1"/, hits: 1 },
  {
    behaviour: 'zstd',
    code: 3,
    stderr: 'svc: the service answered 200 with a body encoded as "zstd", which svc cannot decode (it reads gzip, deflate and br)\n',
    hits: 1,
  },
  {
    behaviour: 'gzip-broken',
    code: 3,
    stderr: /^svc: the service answered 200 with a body declared as gzip that does not decompress \(Z_[A-Z_]+\)\n$/,
    hits: 1,
  },
  { behaviour: 'gzip-bomb', code: 3, stderr: 'svc: the response is larger than the 64 MiB limit once decompressed (gzip); nothing of it was used\n', hits: 1 },
  { behaviour: 'no-content-type', code: 0, stderr: '', stdout: /"draftId": "dr_1"/, hits: 1 },
  { behaviour: 'latin1', code: 0, stderr: '', stdout: /"subject": "Café"/, hits: 1 },
  { behaviour: 'utf16-bom', code: 0, stderr: '', stdout: /"subject": "Grüße"/, hits: 1 },
  { behaviour: 'unknown-charset', code: 3, stderr: 'svc: the service answered 200 with a body in charset "x-klingon", which svc cannot read\n', hits: 1 },
  {
    behaviour: 'invalid-utf8',
    code: 0,
    stderr: 'svc: warning: the answer is not valid UTF-8: the bytes that cannot be decoded are shown as U+FFFD\n',
    stdout: /"subject": "Caf\uFFFD"/,
    hits: 1,
  },
  { behaviour: 'early-hints', code: 0, stderr: '', stdout: /"draftId": "dr_1"/, hits: 1 },
  // undici refuses an interim 100 Continue (a known limit, test/client/interim-responses.test.ts): named as such.
  {
    behaviour: 'unsolicited-continue',
    code: 3,
    stderr: new RegExp(
      `^svc: the answer from ${port} began with an interim "100 Continue", which svc's HTTP client \\(undici\\) cannot read past; the server has the request\n$`,
    ),
    hits: 1,
  },
  {
    behaviour: 'unsolicited-upgrade',
    code: 3,
    stderr: new RegExp(`^svc: the answer from ${port} is not HTTP/1\\.1 svc can read \\(bad upgrade\\)\n$`),
    hits: 1,
  },
  { behaviour: 'double-length', code: 3, stderr: new RegExp(`^svc: the answer from ${port} is not (valid HTTP|HTTP/1\\.1 svc can read)`), hits: 1 },
  { behaviour: 'not-http', code: 3, stderr: new RegExp(`^svc: the answer from ${port} is not HTTP/1\\.1 svc can read \\(`), hits: 1 },
  { behaviour: 'chunked-trailers', code: 0, stderr: '', stdout: /"draftId": "dr_1"/, hits: 1 },
  { behaviour: 'http10-close', code: 0, stderr: '', stdout: /"draftId": "dr_1"/, hits: 1 },
  { behaviour: 'not-modified', code: 1, stderr: 'svc: HTTP 304 Not Modified, though svc sent no conditional request (a caching proxy?)\n', hits: 1 },
  // control characters from the server are shown, never obeyed, and never start a line
  { behaviour: 'escape-error', code: 1, stderr: 'svc: bad^[]0;pwned^G^[[2J^Jsvc: all good^M^[[1A (t^[[31m/c, HTTP 400)\n', hits: 1 },
  { behaviour: 'escape-success', code: 0, stderr: '', stdout: /"subject": "\\u001b\]0;pwned\\u0007\\u001b\[2Jhi\u009b"/, hits: 1 },
  { behaviour: 'escape-header', args: ['--output', 'table'], code: 0, stderr: '', stdout: /\n \[2Jkey +1\n$/, hits: 1 },
];

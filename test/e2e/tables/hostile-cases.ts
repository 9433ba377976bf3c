// The hostile-response table of test/e2e/hostile-responses.test.ts, apart so
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
  { behaviour: 'truncated', code: 3, stderr: new RegExp(`^svc: the connection to ${port} was closed before the answer was complete \\(after 4 attempts\\)\\n$`), hits: 4 },
  { behaviour: 'reset-mid-body', code: 3, stderr: new RegExp(`^svc: the connection to ${port} was closed before the answer was complete \\(after 4 attempts\\)\\n$`), hits: 4 },
  { behaviour: 'huge-stream', code: 3, stderr: 'svc: the response is larger than the 64 MiB limit; nothing of it was used\n', hits: 1 },
  { behaviour: 'huge-declared', code: 3, stderr: 'svc: the response is larger than the 64 MiB limit (it announced 300 MiB); nothing of it was used\n', hits: 1 },
  { behaviour: 'slow-headers', args: ['--timeout', '0.3'], code: 3, stderr: new RegExp(`^svc: no complete answer from ${port} within 0\\.3s\\n$`), hits: 1 },
  { behaviour: 'slow-body', args: ['--timeout', '0.5'], code: 3, stderr: new RegExp(`^svc: no complete answer from ${port} within 0\\.5s\\n$`), hits: 1 },
  { behaviour: 'mismatch', code: 0, stderr: /^svc: warning: the response does not match the registry's schema \(kind: .*\)\n$/, stdout: /"kind": "sms"/, hits: 1 },
  { behaviour: 'mismatch', args: ['--strict'], code: 3, stderr: /^svc: the response does not match the registry's schema \(kind: .*\); --strict refuses it\n$/, stdout: '', hits: 1 },
  { behaviour: 'status-599', code: 1, stderr: 'svc: HTTP 599 with a body of type text/plain\n', hits: 1 },
  { behaviour: 'status-299', code: 0, stderr: '', stdout: /"draftId": "dr_1"/, hits: 1 },
  { behaviour: 'redirect', code: 1, stderr: 'svc: HTTP 302 redirect to http://attacker.example/v1/steal; svc does not follow redirects (is the base URL right?)\n', hits: 1 },
  { behaviour: 'deep-json', code: 3, stderr: 'svc: the service answered 200 with JSON nested deeper than 1000 levels where JSON was expected\n', hits: 1 },
  { behaviour: 'octet-stream', code: 3, stderr: 'svc: the service answered 200 with a body of type application/octet-stream where JSON was expected\n', hits: 1 },
  { behaviour: 'huge-header', code: 3, stderr: new RegExp(`^svc: the response headers from ${port} are larger than the limit\\n$`), hits: 1 },
  { behaviour: 'bom-json', code: 0, stderr: '', stdout: /"draftId": "dr_1"/, hits: 1 },
  { behaviour: 'json-null', code: 0, stderr: /^svc: warning: the response does not match the registry's schema \(the body: .*\)\n$/, stdout: 'null\n', hits: 1 },
  { behaviour: 'error-not-standard', code: 1, stderr: 'svc: HTTP 400 with a JSON body that is not the standard error shape\n', hits: 1 },
];

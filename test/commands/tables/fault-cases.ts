// The fault table of test/commands/retries.test.ts, apart so test/readme-figures.test.ts can count it.

export interface Operation {
  name: string;
  argv: string[];
  /** Idempotent: retried after it may have reached the server. */
  idempotent: boolean;
}

export const writes: Operation[] = [
  { name: 'campaigns person add (POST)', argv: ['campaigns', 'person', 'add', 'seq_123', '--email', 'ada@example.com'], idempotent: false },
  { name: 'crm entries create (POST)', argv: ['crm', 'entries', 'create', 'deals', '--data', 'name=Acme', '--data', 'assignees=usr_ada'], idempotent: false },
];

export const reads: Operation[] = [
  { name: 'email drafts get (GET)', argv: ['email', 'drafts', 'get', 'dr_123'], idempotent: true },
  { name: 'crm tasks series occurrences list (GET)', argv: ['crm', 'tasks', 'series', 'occurrences', 'list', 'ser_weekly'], idempotent: true },
  { name: 'files delete (DELETE)', argv: ['files', 'delete', 'notes/todo.md', '--yes'], idempotent: true },
  // A POST without side effects: the registry declares it idempotent.
  {
    name: 'email templates preview (POST, declared idempotent)',
    argv: ['email', 'templates', 'preview', 'tpl_welcome', '--data', 'firstName=Ada'],
    idempotent: true,
  },
];

export interface Fault {
  /** An x-mock-fault value, queued on the server with injectFaults. */
  fault: string;
  /** Exit code when the fault is the last answer. */
  code: number;
  /** stderr when it is. */
  stderr: RegExp;
  /** Another attempt may pass: 429, 5xx, a dropped connection. */
  retryable: boolean;
  /** Extra svc arguments for this fault. */
  args?: string[];
}

export const faults: Fault[] = [
  { fault: '429', code: 1, stderr: /\(rate_limit_error\/rate_limited, HTTP 429\)/, retryable: true },
  { fault: '500', code: 1, stderr: /HTTP 500\)/, retryable: true },
  { fault: '502', code: 1, stderr: /HTTP 502\)/, retryable: true },
  { fault: '503', code: 1, stderr: /HTTP 503\)/, retryable: true },
  { fault: '504', code: 1, stderr: /HTTP 504\)/, retryable: true },
  { fault: '429;retry-after=0', code: 1, stderr: /HTTP 429\)/, retryable: true },
  { fault: 'reset', code: 3, stderr: /the connection to 127\.0\.0\.1:\d+ was closed before the answer was complete/, retryable: true },
  { fault: 'malformed-json', code: 3, stderr: /answered 200 with malformed JSON where JSON was expected/, retryable: false },
  // 1 s, not less: an attempt that times out before undici wrote it (a loaded machine, still connecting) is
  // rightly tried again as never sent, and this case is about one that was sent.
  { fault: 'slow=3000', code: 3, stderr: /no complete answer from 127\.0\.0\.1:\d+ within 1s/, retryable: false, args: ['--timeout', '1'] },
];

/** Every write against every fault, faulted more times than svc would retry: exactly one may arrive. */
export const writeCases = writes.flatMap((op) => faults.map((fault) => ({ op, ...fault })));

/** Idempotent operations faulted twice recover on the third attempt. */
export const recoveringCases = reads.flatMap((op) => faults.filter((f) => f.retryable).map((fault) => ({ op, ...fault })));

/** Faulted on every attempt: four requests, then the last fault's exit code and line. */
export const exhaustedCases = faults.map((fault) => ({ op: reads[0]!, ...fault }));

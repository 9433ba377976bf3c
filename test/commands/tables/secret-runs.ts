// Every command of the suite, as test/commands/secrets.test.ts runs it with a recognisable token; apart
// so test/readme-figures.test.ts can count it. `{hostile}` is the base URL of a server that echoes
// the bearer token back in its answers.

export interface SecretRun {
  argv: string[];
  input?: string;
}

const operations: string[][] = [
  ['email', 'drafts', 'get', 'dr_123'],
  ['campaigns', 'person', 'add', 'seq_123', '--email', 'ada@example.com', '--personalization', 'company=Acme'],
  ['crm', 'entries', 'create', 'deals', '--data', 'name=Acme', '--data', 'assignees=usr_ada', '--data', 'assignees=usr_grace'],
  ['email', 'templates', 'preview', 'tpl_welcome', '--data', 'firstName=Ada'],
  ['files', 'delete', 'reports/2026/q3.csv', '--yes'],
  ['crm', 'tasks', 'series', 'occurrences', 'list', 'ser_weekly'],
];

export const secretRuns: SecretRun[] = [
  ...operations.map((argv) => ({ argv })),
  ...operations.map((argv) => ({ argv: [...argv, '--debug'] })),
  ...operations.map((argv) => ({ argv: [...argv, '--dry-run'] })),
  // API errors, with --debug so their details are printed too
  { argv: ['email', 'drafts', 'get', 'dr_missing', '--debug'] },
  { argv: ['crm', 'entries', 'create', 'nope', '--data', 'a=b', '--debug'] },
  { argv: ['crm', 'entries', 'create', 'deals', '--data', 'unknownField=1', '--debug'] },
  { argv: ['campaigns', 'person', 'add', 'seq_123', '--debug'] },
  { argv: ['crm', 'tasks', 'series', 'occurrences', 'list', 'ser_missing', '--debug'] },
  // a server that echoes the token back, in a success and in an error
  { argv: ['email', 'drafts', 'get', 'echo-token', '--base-url', '{hostile}'] },
  { argv: ['email', 'drafts', 'get', 'echo-token', '--base-url', '{hostile}', '--debug'] },
  { argv: ['email', 'drafts', 'get', 'echo-token-error', '--base-url', '{hostile}', '--debug'] },
  { argv: ['email', 'drafts', 'get', 'truncated', '--base-url', '{hostile}', '--debug', '--retries', '1'] },
  { argv: ['email', 'drafts', 'get', 'slow-headers', '--base-url', '{hostile}', '--debug', '--timeout', '0.2'] },
  // bad input and usage
  { argv: ['email', 'drafts', 'get', 'dr_123', '--timeout', '0', '--debug'] },
  { argv: ['email', 'drafts', 'get', '..', '--debug'] },
  { argv: ['crm', 'entries', 'create', 'deals', '--body', '{"data":', '--debug'] },
  { argv: ['email', 'drafts', 'get', 'dr_123', '--base-url', 'http://api.example.com/v1', '--debug'] },
  { argv: ['emial', 'drafts'] },
  { argv: ['--help'] },
  { argv: ['email', 'drafts', 'get', '--help'] },
  { argv: ['--version'] },
  // output formats, discovery and the raw escape hatch
  { argv: ['email', 'drafts', 'get', 'dr_123', '--output', 'yaml', '--debug'] },
  { argv: ['crm', 'tasks', 'series', 'occurrences', 'list', 'ser_weekly', '--output', 'table', '--query', '[].taskId'] },
  { argv: ['api', 'GET', '/email/drafts/dr_123', '--debug'] },
  { argv: ['api', 'POST', '/crm/objects/deals/entries', '--data', 'name=Raw', '--dry-run'] },
  { argv: ['api', 'GET', '/nowhere', '--debug'] },
  { argv: ['ops'] },
  { argv: ['ops', 'email_drafts_get'] },
  { argv: ['openapi'] },
  { argv: ['completion', 'bash'] },
  // auth and config (auth token is the one command that prints it, and is checked apart)
  { argv: ['auth', 'status'] },
  { argv: ['auth', 'status', '--debug'] },
  { argv: ['auth', 'login', '--profile', 'other'], input: 'svc_agent_not_a_canary_00000000' },
  { argv: ['auth', 'login', '--profile', 'bad'], input: 'sk_not_an_agent_token' },
  { argv: ['config', 'list'] },
  { argv: ['config', 'get', 'base-url'] },
  { argv: ['config', 'set', 'timeout', '20'] },
  { argv: ['config', 'set', 'colour', 'blue'] },
];

// The bad-input table of test/commands/bad-input.test.ts, apart so test/readme-figures.test.ts can count
// it. In argv, `{fixtures}` is a folder of prepared files, `{origin}` the server's origin and
// `{url}` its base URL; a number[] argument is passed as those raw bytes (invalid UTF-8).

export interface BadInput {
  argv: (string | number[])[];
  code: 2 | 4;
  stderr: string | RegExp;
  env?: Record<string, string | undefined>;
  input?: string;
}

const GET = ['email', 'drafts', 'get'];
const ADD = ['campaigns', 'person', 'add', 'seq_123'];
const CREATE = ['crm', 'entries', 'create', 'deals'];
const PREVIEW = ['email', 'templates', 'preview', 'tpl_welcome'];
const LIST = ['crm', 'tasks', 'series', 'occurrences', 'list'];

export const badInputs: BadInput[] = [
  // unknown words and flags
  { argv: [...GET, 'dr_123', '--bogus'], code: 2, stderr: "svc: unknown option '--bogus'\n" },
  { argv: [...ADD, '--emial', 'a@b.co'], code: 2, stderr: "svc: unknown option '--emial' (Did you mean --email?)\n" },
  { argv: ['emial', 'drafts', 'get', 'dr_123'], code: 2, stderr: "svc: unknown command 'emial' (Did you mean email?)\n" },
  { argv: ['email', 'draft', 'get', 'dr_123'], code: 2, stderr: "svc: unknown command 'draft' (Did you mean drafts?)\n" },
  { argv: ['email', 'drafts', 'fetch', 'dr_123'], code: 2, stderr: /^svc: unknown command 'fetch'/ },
  { argv: [...GET, 'dr_123', '--yes'], code: 2, stderr: "svc: unknown option '--yes'\n" },
  { argv: [...GET, 'dr_123', '--data', 'a=b'], code: 2, stderr: "svc: unknown option '--data' (Did you mean --rate?)\n" },
  // asking for help does not excuse an unknown option: no help printed, exit 2
  { argv: ['help', '--nope'], code: 2, stderr: "svc: unknown option '--nope'\n" },
  { argv: ['help', ...ADD.slice(0, 3), '--emial'], code: 2, stderr: "svc: unknown option '--emial' (Did you mean --email?)\n" },
  { argv: [...GET, '--bogus', '--help'], code: 2, stderr: "svc: unknown option '--bogus'\n" },
  { argv: ['email', '--bogus', '-h'], code: 2, stderr: "svc: unknown option '--bogus'\n" },
  // missing and extra arguments
  { argv: GET, code: 2, stderr: "svc: missing required argument 'draftId'\n" },
  { argv: [...GET, 'dr_1', 'dr_2'], code: 2, stderr: /^svc: too many arguments/ },
  { argv: ['files', 'delete'], code: 2, stderr: "svc: missing required argument 'path'\n" },
  { argv: [...ADD, '--email'], code: 2, stderr: "svc: option '--email <string>' argument missing\n" },
  { argv: [...GET, 'dr_123', '--profile'], code: 2, stderr: "svc: option '--profile <name>' argument missing\n" },
  { argv: CREATE, code: 2, stderr: 'svc: invalid input: --data: required\n' },
  { argv: [...ADD, '--display-name', 'Ada'], code: 2, stderr: 'svc: invalid input: --email: a person needs an email or a LinkedIn profile URL (or both)\n' },
  { argv: [...ADD, '--email', 'not-an-email'], code: 2, stderr: 'svc: invalid input: --email: Invalid email address\n' },
  // the key=value grammar
  { argv: [...CREATE, '--data', 'novalue'], code: 2, stderr: 'svc: --data: expected key=value, key:=json or key[]=value, got "novalue"\n' },
  { argv: [...CREATE, '--data', '=x'], code: 2, stderr: 'svc: --data: expected key=value, key:=json or key[]=value, got "=x"\n' },
  { argv: [...CREATE, '--data', ':=1'], code: 2, stderr: 'svc: --data: the key is empty in ":=1"\n' },
  { argv: [...CREATE, '--data', 'n:={bad'], code: 2, stderr: 'svc: --data: the value of n:= is not valid JSON: {bad\n' },
  { argv: [...CREATE, '--data', 'n:='], code: 2, stderr: 'svc: --data: the value of n:= is not valid JSON: (empty)\n' },
  { argv: [...PREVIEW, '--data', 'tags[]:=[1,'], code: 2, stderr: 'svc: --data: the value of tags:= is not valid JSON: [1,\n' },
  {
    argv: [...ADD, '--email', 'a@b.co', '--personalization', 'x:=undefined'],
    code: 2,
    stderr: 'svc: --personalization: the value of x:= is not valid JSON: undefined\n',
  },
  // --body
  { argv: [...CREATE, '--body', '{"data":'], code: 2, stderr: /^svc: --body: JSON in the argument is not valid: / },
  { argv: [...CREATE, '--body', '[1]'], code: 2, stderr: 'svc: --body: JSON in the argument must be an object\n' },
  { argv: [...CREATE, '--body', ''], code: 2, stderr: 'svc: --body: the argument is empty; expected a JSON object\n' },
  { argv: [...CREATE, '--body', '{"data":{},"extra":1}'], code: 2, stderr: 'svc: invalid input: request body: Unrecognized key: "extra"\n' },
  { argv: [...CREATE, '--body', '{"data":"x"}'], code: 2, stderr: /^svc: invalid input: --data: / },
  { argv: [...CREATE, '--body', '@{fixtures}/missing.json'], code: 2, stderr: /^svc: --body: cannot read .*\/missing\.json: no such file\n$/ },
  { argv: [...CREATE, '--body', '@{fixtures}'], code: 2, stderr: /^svc: --body: cannot read .*: it is a directory\n$/ },
  { argv: [...CREATE, '--body', '@{fixtures}/latin1.json'], code: 2, stderr: /^svc: --body: .*\/latin1\.json is not valid UTF-8\n$/ },
  { argv: [...CREATE, '--body', '@{fixtures}/broken.json'], code: 2, stderr: /^svc: --body: JSON in .*\/broken\.json is not valid: / },
  { argv: [...CREATE, '--body', '-'], input: '{"data": {"a": 1', code: 2, stderr: /^svc: --body: JSON in standard input is not valid: / },
  { argv: [...CREATE, '--body', '-'], input: '', code: 2, stderr: 'svc: --body: standard input is empty; expected a JSON object\n' },
  {
    argv: [...CREATE, '--body', '-'],
    input: '{"data": {"a": "\uFFFD"}}',
    code: 2,
    stderr: 'svc: --body: standard input is not valid UTF-8 (it holds U+FFFD, the mark of undecodable bytes)\n',
  },
  // invalid UTF-8 in argv
  { argv: [...GET, [0x64, 0x72, 0xff]], code: 2, stderr: /^svc: argument 4 \(.*\) is not valid UTF-8: it holds U\+FFFD, the mark of undecodable bytes\n$/ },
  { argv: [...CREATE, '--data', [0x6e, 0x3d, 0xc3, 0x28]], code: 2, stderr: /^svc: argument 6 \(.*\) is not valid UTF-8/ },
  // path parameters
  { argv: [...GET, ''], code: 2, stderr: 'svc: <draftId> cannot be empty\n' },
  { argv: [...GET, '.'], code: 2, stderr: 'svc: <draftId> cannot be "."\n' },
  { argv: [...GET, '..'], code: 2, stderr: 'svc: <draftId> cannot be ".."\n' },
  { argv: [...LIST, '..'], code: 2, stderr: 'svc: <seriesId> cannot be ".."\n' },
  { argv: ['campaigns', 'person', 'add', '', '--email', 'a@b.co'], code: 2, stderr: 'svc: <sequenceId> cannot be empty\n' },
  { argv: [...PREVIEW.slice(0, 3), '.', '--data', 'a=b'], code: 2, stderr: 'svc: <templateId> cannot be "."\n' },
  { argv: ['files', 'delete', ''], code: 2, stderr: /^svc: invalid input: <path>: / },
  // global options
  { argv: [...GET, 'dr_123', '--timeout', '0'], code: 2, stderr: 'svc: --timeout: expected a number of seconds from 0.01 to 86400, got "0"\n' },
  { argv: [...GET, 'dr_123', '--timeout', '-5'], code: 2, stderr: 'svc: --timeout: expected a number of seconds from 0.01 to 86400, got "-5"\n' },
  { argv: [...GET, 'dr_123', '--timeout', 'soon'], code: 2, stderr: 'svc: --timeout: expected a number of seconds from 0.01 to 86400, got "soon"\n' },
  { argv: [...GET, 'dr_123', '--retries', '-1'], code: 2, stderr: 'svc: --retries: expected a whole number from 0 to 10, got "-1"\n' },
  { argv: [...GET, 'dr_123', '--retries', '1.5'], code: 2, stderr: 'svc: --retries: expected a whole number from 0 to 10, got "1.5"\n' },
  { argv: [...GET, 'dr_123', '--retries', '11'], code: 2, stderr: 'svc: --retries: expected a whole number from 0 to 10, got "11"\n' },
  { argv: ['--retries', 'many', ...GET, 'dr_123'], code: 2, stderr: 'svc: --retries: expected a whole number from 0 to 10, got "many"\n' },
  // every numeric option and setting: one grammar, one documented range (src/config/numeric-options.ts)
  { argv: [...GET, 'dr_123', '--timeout', '99999999'], code: 2, stderr: 'svc: --timeout: expected a number of seconds from 0.01 to 86400, got "99999999"\n' },
  {
    argv: [...GET, 'dr_123', '--timeout', '0.0001'],
    code: 2,
    stderr: 'svc: --timeout: expected a number of seconds from 0.01 to 86400 (at most 3 decimals), got "0.0001"\n',
  },
  { argv: [...GET, 'dr_123', '--timeout', '1e3'], code: 2, stderr: 'svc: --timeout: expected a number of seconds from 0.01 to 86400, got "1e3"\n' },
  { argv: [...GET, 'dr_123', '--timeout', 'Infinity'], code: 2, stderr: 'svc: --timeout: expected a number of seconds from 0.01 to 86400, got "Infinity"\n' },
  { argv: [...GET, 'dr_123', '--retries', '0x3'], code: 2, stderr: 'svc: --retries: expected a whole number from 0 to 10, got "0x3"\n' },
  { argv: [...GET, 'dr_123', '--retries', ' 3'], code: 2, stderr: 'svc: --retries: expected a whole number from 0 to 10, got " 3"\n' },
  {
    argv: [...LIST, 'ser_weekly', '--input', '-', '--concurrency', '0'],
    input: '{}\n',
    code: 2,
    stderr: 'svc: --concurrency: expected a whole number from 1 to 64, got "0"\n',
  },
  {
    argv: [...LIST, 'ser_weekly', '--input', '-', '--concurrency', '1e1'],
    input: '{}\n',
    code: 2,
    stderr: 'svc: --concurrency: expected a whole number from 1 to 64, got "1e1"\n',
  },
  {
    argv: [...GET, 'dr_123'],
    env: { SVC_RETRY_BASE_MS: '1e9' },
    code: 2,
    stderr: 'svc: SVC_RETRY_BASE_MS: expected a whole number of milliseconds from 0 to 60000, got "1e9"\n',
  },
  { argv: ['config', 'set', 'timeout', '99999999'], code: 2, stderr: 'svc: timeout: expected a number of seconds from 0.01 to 86400, got "99999999"\n' },
  { argv: ['config', 'set', 'retries', '2.5'], code: 2, stderr: 'svc: retries: expected a whole number from 0 to 10, got "2.5"\n' },
  {
    argv: [...GET, 'dr_123'],
    env: { SVC_CONFIG_DIR: '{fixtures}/huge-timeout' },
    code: 2,
    stderr: 'svc: timeout of profile "default": expected a number of seconds from 0.01 to 86400, got "99999999"\n',
  },
  { argv: ['mock', '--port', '70000'], code: 2, stderr: 'svc: --port: expected a whole number from 0 to 65535, got "70000"\n' },
  { argv: ['mock', '--latency', '0.5'], code: 2, stderr: 'svc: --latency: expected a whole number of milliseconds from 0 to 600000, got "0.5"\n' },
  // output formats and queries
  {
    argv: [...GET, 'dr_123', '--output', 'xml'],
    code: 2,
    stderr: "svc: option '--output <format>' argument 'xml' is invalid. Allowed choices are json, yaml, table, ndjson.\n",
  },
  { argv: ['--output', 'csv', ...LIST, 'ser_weekly'], code: 2, stderr: /^svc: option '--output <format>' argument 'csv' is invalid/ },
  { argv: [...GET, 'dr_123', '--query', 'foo bar'], code: 2, stderr: 'svc: --query: unexpected "bar" at column 5 in "foo bar"\n' },
  { argv: [...GET, 'dr_123', '--query', '['], code: 2, stderr: 'svc: --query: the expression ends too early (after column 1) in "["\n' },
  // base URL and credential
  {
    argv: [...GET, 'dr_123', '--base-url', '{origin}/api'],
    code: 2,
    stderr: /^svc: the base URL from --base-url must end in \/v1, such as https:\/\/api\.example\.com\/v1: http:\/\/127\.0\.0\.1:\d+\/api\n$/,
  },
  { argv: [...GET, 'dr_123', '--base-url', '{origin}'], code: 2, stderr: /^svc: the base URL from --base-url must end in \/v1/ },
  { argv: [...GET, 'dr_123', '--base-url', '{url}?debug=1'], code: 2, stderr: /^svc: the base URL from --base-url cannot have a query or fragment/ },
  { argv: [...GET, 'dr_123', '--base-url', 'not a url'], code: 2, stderr: 'svc: the base URL from --base-url is not a URL: not a url\n' },
  {
    argv: [...GET, 'dr_123', '--base-url', 'ftp://127.0.0.1/v1'],
    code: 2,
    stderr: 'svc: the base URL from --base-url must use https (or http on loopback): ftp://127.0.0.1/v1\n',
  },
  {
    argv: [...GET, 'dr_123'],
    env: { SERVICE_BASE_URL: 'http://api.example.com/v1' },
    code: 2,
    stderr: 'svc: refusing to send a credential over plain http to api.example.com: use https (plain http is allowed to loopback only)\n',
  },
  { argv: [...GET, 'dr_123'], env: { SERVICE_BASE_URL: '{origin}/v2' }, code: 2, stderr: /^svc: the base URL from SERVICE_BASE_URL must end in \/v1/ },
  { argv: [...GET, 'dr_123'], env: { SERVICE_BASE_URL: undefined }, code: 2, stderr: /^svc: no base URL: / },
  {
    argv: [...GET, 'dr_123'],
    env: { HTTP_PROXY: 'http://user:50%off@127.0.0.1:9' },
    code: 2,
    stderr: 'svc: HTTP_PROXY has a % in its user name or password that is not a %XX escape of UTF-8 (write a % itself as %25): http://user:****@127.0.0.1:9\n',
  },
  { argv: [...GET, 'dr_123'], env: { SERVICE_API_KEY: undefined }, code: 4, stderr: 'svc: no credential: set SERVICE_API_KEY, or run `svc auth login`\n' },
  {
    argv: [...GET, 'dr_123'],
    env: { SVC_RETRY_BASE_MS: 'fast' },
    code: 2,
    stderr: 'svc: SVC_RETRY_BASE_MS: expected a whole number of milliseconds from 0 to 60000, got "fast"\n',
  },
  // a credential that cannot travel as a bearer token, and a password in a base URL: refused, never printed
  {
    argv: [...GET, 'dr_123'],
    env: { SERVICE_API_KEY: 'ws_key_CANARY0123456789\r' },
    code: 2,
    stderr:
      'svc: SERVICE_API_KEY cannot be used: it holds a control character at its end (a carriage return, as `$(cat key.txt)` leaves from a file with Windows line endings); nothing was sent\n',
  },
  {
    argv: [...GET, 'dr_123'],
    env: { SERVICE_API_KEY: 'ws_key_CANARY0123456789\n' },
    code: 2,
    stderr: /^svc: SERVICE_API_KEY cannot be used: it holds a control character at its end \(a line feed\); nothing was sent\n$/,
  },
  {
    argv: [...GET, 'dr_123'],
    env: { SERVICE_API_KEY: ' ws_key_CANARY0123456789' },
    code: 2,
    stderr: 'svc: SERVICE_API_KEY cannot be used: it has white space around it; nothing was sent\n',
  },
  {
    argv: [...GET, 'dr_123'],
    env: { SERVICE_API_KEY: 'ws_key_CANARY0123456789 ' },
    code: 2,
    stderr: 'svc: SERVICE_API_KEY cannot be used: it has white space around it; nothing was sent\n',
  },
  {
    argv: [...GET, 'dr_123'],
    env: { SERVICE_API_KEY: 'ws_key_CANARY 0123456789' },
    code: 2,
    stderr: 'svc: SERVICE_API_KEY cannot be used: it holds white space; nothing was sent\n',
  },
  {
    argv: [...GET, 'dr_123'],
    env: { SERVICE_API_KEY: 'ws_key_\u001b]0;x\u0007CANARY0123456789' },
    code: 2,
    stderr: 'svc: SERVICE_API_KEY cannot be used: it holds a control character at character 8 (U+001B); nothing was sent\n',
  },
  {
    argv: [...GET, 'dr_123'],
    env: { SERVICE_API_KEY: 'ws_key_CANARYé0123456789' },
    code: 2,
    stderr: 'svc: SERVICE_API_KEY cannot be used: it holds a character an HTTP header cannot carry (U+00E9 at character 14); nothing was sent\n',
  },
  {
    argv: [...LIST, 'ser_weekly', '--input', '-'],
    input: '{}\n',
    env: { SERVICE_API_KEY: 'ws_key_CANARY0123456789\r' },
    code: 2,
    stderr: /^svc: SERVICE_API_KEY cannot be used: it holds a control character at its end/,
  },
  {
    argv: [...GET, 'dr_123'],
    env: { SERVICE_API_KEY: undefined, SVC_CONFIG_DIR: '{fixtures}/cr-token' },
    code: 2,
    stderr:
      'svc: the stored token of profile "default" cannot be used: it holds a control character at its end (a carriage return, as `$(cat key.txt)` leaves from a file with Windows line endings) (run `svc auth login` again); nothing was sent\n',
  },
  {
    argv: ['auth', 'login', '--profile', 'x'],
    input: 'svc_agent_CANARY0123456789 \n',
    code: 2,
    stderr: 'svc: that is not an agent session token: it has white space around it\n',
  },
  {
    argv: ['auth', 'login', '--profile', 'x'],
    input: 'svc_agent_CANARY\u00000123456789\n',
    code: 2,
    stderr: 'svc: that is not an agent session token: it holds a control character at character 17 (U+0000)\n',
  },
  {
    argv: [...GET, 'dr_123', '--base-url', 'http://ada:CANARYpw0123@127.0.0.1:1/v1'],
    code: 2,
    stderr:
      'svc: the base URL from --base-url holds a user name or password (…//user:password@host): svc sends its credential as a bearer token, so remove them\n',
  },
  {
    argv: [...GET, 'dr_123'],
    env: { SERVICE_BASE_URL: 'https://ada:CANARYpw0123@api.example.com:99999/v1' },
    code: 2,
    stderr:
      'svc: the base URL from SERVICE_BASE_URL holds a user name or password (…//user:password@host): svc sends its credential as a bearer token, so remove them\n',
  },
  {
    argv: ['config', 'set', 'base-url', 'https://ada:CANARYpw0123@api.example.com/v1'],
    code: 2,
    stderr:
      'svc: the base URL from svc config set holds a user name or password (…//user:password@host): svc sends its credential as a bearer token, so remove them\n',
  },
  {
    argv: [...GET, 'dr_123'],
    env: { SERVICE_BASE_URL: undefined, SVC_CONFIG_DIR: '{fixtures}/url-password' },
    code: 2,
    stderr:
      'svc: the base URL from profile "default" holds a user name or password (…//user:password@host): svc sends its credential as a bearer token, so remove them\n',
  },
  // a config file that cannot be used
  {
    argv: [...GET, 'dr_123'],
    env: { SVC_CONFIG_DIR: '{fixtures}/corrupt', SERVICE_BASE_URL: undefined },
    code: 2,
    stderr: /^svc: the config file .*\/corrupt\/config\.json is not valid JSON; fix or remove it\n$/,
  },
  {
    argv: [...GET, 'dr_123'],
    env: { SVC_CONFIG_DIR: '{fixtures}/bad-retries' },
    code: 2,
    stderr: 'svc: retries of profile "default": expected a whole number from 0 to 10, got "-2"\n',
  },
];

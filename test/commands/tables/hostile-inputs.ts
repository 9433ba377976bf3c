// Files as users and their tools make them, for test/commands/hostile-inputs.test.ts; apart so
// test/readme-figures.test.ts can count it. Every file svc reads (--input, --body @file,
// --fixtures, the settings) in every line-ending convention, encoding and size: read right, or
// refused with a line that says what is wrong (and the limit), never taken silently.

export interface HostileInput {
  name: string;
  /** Files written into a fresh folder (`{dir}` in argv); a number is a sparse file of that many bytes. */
  files: Record<string, string | Buffer | number>;
  argv: string[];
  code: number;
  /** Requests the mock must have received, and (when given) the emails they carried. */
  sent: number;
  emails?: string[];
  stderr?: RegExp;
}

const ADD = ['campaigns', 'person', 'add', 'seq_123'];
const CREATE = ['crm', 'entries', 'create', 'deals'];
const latin1 = (text: string) => Buffer.from(text, 'latin1');
const utf16 = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
const leads = (eol: string) => `email${eol}ada@example.com${eol}grace@example.com${eol}`;
const ndjson = (eol: string) => `{"email":"ada@example.com"}${eol}{"email":"grace@example.com"}${eol}`;
const both = ['ada@example.com', 'grace@example.com'];
const body = '{\n  "data": {"name": "Renewal"}\n}\n';

export const hostileInputs: HostileInput[] = [
  { name: 'CSV, LF', files: { 'in.csv': leads('\n') }, argv: [...ADD, '--input', '{dir}/in.csv'], code: 0, sent: 2, emails: both },
  { name: 'CSV, CRLF (Excel)', files: { 'in.csv': leads('\r\n') }, argv: [...ADD, '--input', '{dir}/in.csv'], code: 0, sent: 2, emails: both },
  { name: 'CSV, CR (classic Mac)', files: { 'in.csv': leads('\r') }, argv: [...ADD, '--input', '{dir}/in.csv'], code: 0, sent: 2, emails: both },
  {
    name: 'CSV, mixed line endings, no final break',
    files: { 'in.csv': 'email\r\nada@example.com\rgrace@example.com' },
    argv: [...ADD, '--input', '{dir}/in.csv'],
    code: 0,
    sent: 2,
    emails: both,
  },
  {
    name: 'CSV with a UTF-8 byte-order mark',
    files: { 'in.csv': `\uFEFF${leads('\r\n')}` },
    argv: [...ADD, '--input', '{dir}/in.csv'],
    code: 0,
    sent: 2,
    emails: both,
  },
  {
    name: 'CSV, quoted cell across CR lines',
    files: { 'in.csv': 'email,displayName\r"ada@example.com","Ada\rLovelace"\r' },
    argv: [...ADD, '--input', '{dir}/in.csv'],
    code: 0,
    sent: 1,
    emails: ['ada@example.com'],
  },
  {
    name: 'CSV from a Latin-1 export: the é line is refused, the others sent',
    files: { 'in.csv': latin1('email,displayName\nada@example.com,Ada\njose@example.com,José\n') },
    argv: [...ADD, '--input', '{dir}/in.csv'],
    code: 1,
    sent: 1,
    emails: ['ada@example.com'],
    stderr: /1 failed/,
  },
  {
    name: 'CSV whose header is Latin-1',
    files: { 'in.csv': latin1('email,Prénom\nada@example.com,Ada\n') },
    argv: [...ADD, '--input', '{dir}/in.csv'],
    code: 2,
    sent: 0,
    stderr: /line 1: the header row cannot be read: the line is not valid UTF-8 \(byte 0xE9 at column 9/,
  },
  {
    name: 'CSV in UTF-16',
    files: { 'in.csv': utf16(leads('\r\n')) },
    argv: [...ADD, '--input', '{dir}/in.csv'],
    code: 2,
    sent: 0,
    stderr: /the file is UTF-16/,
  },
  { name: 'NDJSON, LF', files: { 'in.ndjson': ndjson('\n') }, argv: [...ADD, '--input', '{dir}/in.ndjson'], code: 0, sent: 2, emails: both },
  { name: 'NDJSON, CRLF', files: { 'in.ndjson': ndjson('\r\n') }, argv: [...ADD, '--input', '{dir}/in.ndjson'], code: 0, sent: 2, emails: both },
  { name: 'NDJSON, CR', files: { 'in.ndjson': ndjson('\r') }, argv: [...ADD, '--input', '{dir}/in.ndjson'], code: 0, sent: 2, emails: both },
  {
    name: 'NDJSON with a Latin-1 line',
    files: { 'in.ndjson': Buffer.concat([Buffer.from('{"email":"ada@example.com"}\n'), latin1('{"email":"jos\xe9@example.com"}\n')]) },
    argv: [...ADD, '--input', '{dir}/in.ndjson'],
    code: 1,
    sent: 1,
    emails: ['ada@example.com'],
  },
  {
    name: 'NDJSON, one line over 1 MiB',
    files: { 'in.ndjson': `{"email":"ada@example.com","displayName":"${'x'.repeat(1024 * 1024)}"}\n${ndjson('\n')}` },
    argv: [...ADD, '--input', '{dir}/in.ndjson'],
    code: 1,
    sent: 2,
    emails: both,
  },
  {
    // As deep as a --body file may be, no deeper: what is built from a line is walked again.
    name: 'NDJSON, one line nested 300,000 deep',
    files: { 'in.ndjson': `{"email":"x@example.com","displayName":${'['.repeat(300_000)}${']'.repeat(300_000)}}\n${ndjson('\n')}` },
    argv: [...ADD, '--input', '{dir}/in.ndjson'],
    code: 1,
    sent: 2,
    emails: both,
  },
  {
    name: 'CSV, a key:= cell nested 5,000 deep',
    files: { 'in.csv': `data.name,data.extra:=\nDeep,${'['.repeat(5000)}${']'.repeat(5000)}\nFlat,[]\n` },
    argv: [...CREATE, '--input', '{dir}/in.csv'],
    code: 1,
    sent: 1,
  },
  { name: '--body @file, CRLF', files: { 'b.json': body.replace(/\n/g, '\r\n') }, argv: [...CREATE, '--body', '@{dir}/b.json'], code: 0, sent: 1 },
  { name: '--body @file, CR', files: { 'b.json': body.replace(/\n/g, '\r') }, argv: [...CREATE, '--body', '@{dir}/b.json'], code: 0, sent: 1 },
  { name: '--body @file with a byte-order mark', files: { 'b.json': `\uFEFF${body}` }, argv: [...CREATE, '--body', '@{dir}/b.json'], code: 0, sent: 1 },
  {
    name: '--body @file in UTF-16',
    files: { 'b.json': utf16(body) },
    argv: [...CREATE, '--body', '@{dir}/b.json'],
    code: 2,
    sent: 0,
    stderr: /^svc: --body: .*b\.json is UTF-16 \(it starts with a UTF-16 byte-order mark\); save it as UTF-8\n$/,
  },
  {
    name: '--body @file, empty',
    files: { 'b.json': '' },
    argv: [...CREATE, '--body', '@{dir}/b.json'],
    code: 2,
    sent: 0,
    stderr: /^svc: --body: .*b\.json is empty; expected a JSON object\n$/,
  },
  { name: 'CSV, empty', files: { 'in.csv': '' }, argv: [...ADD, '--input', '{dir}/in.csv'], code: 2, sent: 0, stderr: /^svc: .*in\.csv has no header row: / },
  { name: 'NDJSON, empty: a batch of no lines', files: { 'in.ndjson': '' }, argv: [...ADD, '--input', '{dir}/in.ndjson'], code: 0, sent: 0 },
  {
    name: '--data key:=@file, empty',
    files: { 'x.json': '' },
    argv: [...CREATE, '--data', 'name=Renewal', '--data', 'extra:=@{dir}/x.json'],
    code: 2,
    sent: 0,
    stderr: /^svc: --data: .*x\.json is empty; expected JSON\n$/,
  },
  { name: '--data key=@file, empty: the empty string', files: { 'n.txt': '' }, argv: [...CREATE, '--data', 'name=@{dir}/n.txt'], code: 0, sent: 1 },
  {
    name: '--body @file over 64 MiB',
    files: { 'b.json': 65 * 1024 * 1024 },
    argv: [...CREATE, '--body', '@{dir}/b.json'],
    code: 2,
    sent: 0,
    stderr: /^svc: --body: .*b\.json is 65 MiB, over the 64 MiB limit\n$/,
  },
  {
    name: '--fixtures, CRLF, read and then checked',
    files: { 'f.json': '{\r\n  "drafts": 5\r\n}\r\n' },
    argv: ['mock', '--port', '0', '--fixtures', '{dir}/f.json'],
    code: 2,
    sent: 0,
    stderr: /^svc: --fixtures: .*f\.json is not a fixtures file: /,
  },
  {
    name: '--fixtures, Latin-1',
    files: { 'f.json': latin1('{"drafts": [{"draftId": "dr_\xe9"}]}') },
    argv: ['mock', '--port', '0', '--fixtures', '{dir}/f.json'],
    code: 2,
    sent: 0,
    stderr: /^svc: --fixtures: .*f\.json is not valid UTF-8\n$/,
  },
  {
    name: '--fixtures, empty',
    files: { 'f.json': '\r\n' },
    argv: ['mock', '--port', '0', '--fixtures', '{dir}/f.json'],
    code: 2,
    sent: 0,
    stderr: /^svc: --fixtures: .*f\.json is empty; expected a JSON fixtures file\n$/,
  },
  {
    name: '--fixtures over 16 MiB',
    files: { 'f.json': 17 * 1024 * 1024 },
    argv: ['mock', '--port', '0', '--fixtures', '{dir}/f.json'],
    code: 2,
    sent: 0,
    stderr: /^svc: --fixtures: .*f\.json is 17 MiB, over the 16 MiB limit\n$/,
  },
  {
    name: 'settings file, CRLF',
    files: { 'config.json': '{\r\n  "profiles": {\r\n    "default": {"timeout": 20}\r\n  }\r\n}\r\n' },
    argv: ['email', 'drafts', 'get', 'dr_123'],
    code: 0,
    sent: 1,
  },
  {
    name: 'settings file, CR',
    files: { 'config.json': '{\r  "profiles": {\r    "default": {"retries": 1}\r  }\r}\r' },
    argv: ['email', 'drafts', 'get', 'dr_123'],
    code: 0,
    sent: 1,
  },
];

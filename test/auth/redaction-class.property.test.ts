import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRedactor, formsOf, passwordsInUrls } from '../../src/auth/redaction.js';

// A secret in any form the redactor knows never survives, whatever text surrounds it,
// and whether a text is masked never depends on what else the text holds.

/** Secrets of 4+ characters, possibly padded, with characters every encoder treats differently. */
const secret = fc
  .tuple(
    fc.constantFrom('', ' ', '  '),
    fc.string({ unit: fc.constantFrom(...'aZ09_-.~+/=%&<>"\'\\ é😀'), minLength: 4, maxLength: 12 }),
    fc.constantFrom('', ' ', '\t'),
  )
  .map(([before, core, after]) => `${before}${core}${after}`)
  .filter((text) => text.trim().length >= 4);
/** Whatever may surround a secret: escapes, other secrets' look-alikes, nothing. */
const surrounding = fc.string({ unit: fc.constantFrom(...'ab %&\\;#x0123456789"'), maxLength: 8 });

describe('a secret in every form the redactor knows', () => {
  it('never survives, whatever the surrounding text', () => {
    fc.assert(
      fc.property(secret, surrounding, surrounding, (given, before, after) => {
        const redactor = createRedactor([given]);
        for (const form of formsOf(given)) {
          const shown = redactor.text(`${before}${form}${after}`);
          expect(shown, JSON.stringify(form)).not.toContain(form);
          expect(JSON.stringify(redactor.value({ [form]: `${before}${form}${after}` })), JSON.stringify(form)).not.toContain(JSON.stringify(form).slice(1, -1));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('is masked or not by the same rule in a text that holds %, & or \\ and in one that does not', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 6 }), fc.constantFrom('%', '&', '\\', '%41', '&amp;'), (word, escape) => {
        for (const given of [` ${word} `, `${word}  `, word]) {
          const redactor = createRedactor([given]);
          const plain = redactor.text(`[${word}]`);
          expect(redactor.text(`[${word}] ${escape}`)).toBe(`${plain} ${escape}`);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('a padded secret whose trimmed form is under 4 characters masks that form nowhere', () => {
    const redactor = createRedactor([' abc ']);
    expect(redactor.text('abc')).toBe('abc');
    expect(redactor.text('abc 50%')).toBe('abc 50%');
    expect(redactor.text('abc &amp; \\n')).toBe('abc &amp; \\n');
    expect(redactor.text('x abc y')).not.toContain(' abc ');
    expect([...formsOf(' abc ')].every((form) => form.length >= 4)).toBe(true);
    expect(formsOf(' abc ').has('abc')).toBe(false);
  });
});

describe('a form two secrets share', () => {
  it('is shown as the secret given first, in a text and in a value', () => {
    // `a b…` written with `+` for its space is `a+b…`, the second secret as it is.
    const redactor = createRedactor(['a b_secret_value1', 'a+b_secret_value1']);
    expect(redactor.text('a+b_secret_value1')).toBe('********');
    expect(redactor.value({ k: 'a+b_secret_value1' })).toEqual({ k: '********' });
  });
});

describe('passwords in URLs', () => {
  it.each(['socks5', 's3', 'svn+ssh', 'x.', 'web+', 'a-', 'coap+tcp', 'h2c'])('are found whatever the scheme ends in: %s://', (scheme) => {
    expect(passwordsInUrls([`${scheme}://user:Pw-CANARY-1@host/`])).toEqual(['Pw-CANARY-1', 'Pw-CANARY-1']);
    expect(passwordsInUrls([`proxy at ${scheme}://u:p%40ss@h:1080`])).toEqual(['p%40ss', 'p@ss']);
  });
});

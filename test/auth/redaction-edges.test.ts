import { describe, expect, it } from 'vitest';
import { createRedactor, formsOf, passwordsInUrls } from '../../src/auth/redaction.js';

// The edges of the redaction layer: the shortest secret, the shortest one with base64 forms, matches
// that touch, values that are not plain JSON, and URLs that do or do not hold a password.

describe('how short a secret may be', () => {
  it('4 characters are redacted; 3 are too short to match safely', () => {
    expect(createRedactor(['abcd', 'xyz']).text('abcd xyz')).toBe('******** xyz');
    expect(createRedactor(['abcd', 'xyz']).text('50% xyz &amp; %78yz abcd')).toBe('50% xyz &amp; %78yz ********');
  });

  it('a secret of 6 bytes or more is also found as base64 inside a Basic credential; 5 bytes is not', () => {
    const basic = (secret: string) => Buffer.from(`u:${secret}`).toString('base64');
    expect(createRedactor(['s3cr3t']).text(basic('s3cr3t'))).not.toBe(basic('s3cr3t'));
    expect(createRedactor(['s3cr3']).text(basic('s3cr3'))).toBe(basic('s3cr3'));
    expect([...formsOf('s3cr3')].some((form) => /^[A-Za-z0-9+/]+$/.test(form) && form !== 's3cr3')).toBe(false);
  });

  it('ignores an absent secret (no SERVICE_API_KEY)', () => {
    const redactor = createRedactor([undefined, 'key_1234']);
    expect(redactor.text('undefined key_1234')).toBe('undefined ********');
  });
});

describe('matches that touch or nest', () => {
  it('two secrets side by side are both redacted, each by its own form', () => {
    expect(createRedactor(['key_7777aaaa', 'pass_9999bbbb']).text('key_7777aaaapass_9999bbbb')).toBe('****************');
  });

  it('the same secret twice in a row is redacted twice', () => {
    expect(createRedactor(['key_7777aaaa']).text('key_7777aaaakey_7777aaaa!')).toBe('****************!');
  });

  it('a secret ending where a longer one ends leaves nothing of the longer one', () => {
    expect(createRedactor(['tail_5555', 'head_4444tail_5555']).text('<head_4444tail_5555>')).toBe('<********>');
  });

  it('text with no secret in it is returned as it was', () => {
    expect(createRedactor(['key_7777aaaa']).text('nothing here')).toBe('nothing here');
    expect(createRedactor().text('key_7777aaaa')).toBe('key_7777aaaa');
  });
});

describe('values', () => {
  const redactor = { value: <T>(value: T): T => createRedactor(['key_7777aaaa']).value(value) };

  it('a list is redacted item by item, and kept as the same list when no item changed', () => {
    const clean = ['a', 1, null];
    expect(redactor.value(clean)).toBe(clean);
    expect(redactor.value(['a', 'key_7777aaaa'])).toEqual(['a', '********']);
  });

  it('an object without a prototype is plain JSON too; any other object is left whole', () => {
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { k: 'key_7777aaaa' });
    expect({ ...redactor.value(bare) }).toEqual({ k: '********' });
    const when = new Date(0);
    expect(redactor.value(when)).toBe(when);
    const map = new Map([['k', 'key_7777aaaa']]);
    expect(redactor.value(map)).toBe(map);
  });

  it('numbers, booleans and null pass as they are; a key alone can change an object', () => {
    expect(redactor.value(7)).toBe(7);
    expect(redactor.value(null)).toBeNull();
    expect(redactor.value({ key_7777aaaa: 1 })).toEqual({ '********': 1 });
    expect(createRedactor().value({ key_7777aaaa: 1 })).toEqual({ key_7777aaaa: 1 });
  });
});

describe('passwordsInUrls', () => {
  it.each([
    ['https://ada:pw_1234@api.example.com/v1', ['pw_1234', 'pw_1234']],
    ['http://ada:pw_1234@127.0.0.1:4010', ['pw_1234', 'pw_1234']],
    ['svc+https://ada:pw_1234@host/', ['pw_1234', 'pw_1234']],
    ['HTTPS://ada:pw_1234@host/', ['pw_1234', 'pw_1234']],
    ['https://:pw_1234@host/', ['pw_1234', 'pw_1234']],
    ['https://ada:p%40ss@host/', ['p%40ss', 'p@ss']],
    ['https://ada:bad%E0%A4@host/', ['bad%E0%A4']],
    ['see https://ada:pw_1234@host/ here', ['pw_1234', 'pw_1234']],
  ])('%s -> %j (raw, then decoded)', (url, passwords) => {
    expect(passwordsInUrls([url])).toEqual(passwords);
  });

  it.each([
    'https://ada@host/',
    'https://host/path:x@y',
    'https://host/?q=a:b@c',
    'https://host/#a:b@c',
    'mailto:ada:pw@host',
    'https://host:443/',
    'ada:pw_1234@host',
    'ftp//ada:pw_1234@host/',
  ])('%s holds no password', (url) => {
    expect(passwordsInUrls([url])).toEqual([]);
  });
});

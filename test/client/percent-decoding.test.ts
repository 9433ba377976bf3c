import { describe, expect, it } from 'vitest';
import { decodings } from '../../src/client/percent-decoding.js';

// What a server or proxy on the way may make of a path: each successive percent-decoding, until
// one changes nothing or meets an escape that is not UTF-8.
describe('decodings', () => {
  it.each([
    ['plain text', 'dr_123', ['dr_123'], false],
    ['a % that starts no escape', '100%', ['100%'], false],
    ['an escape of non-hex digits', '%zz', ['%zz'], false],
    ['a % with one hex digit', '%2', ['%2'], false],
    ['a % with one hex digit at the end', '100%2', ['100%2'], false],
    ['one escape', 'a%2Fb', ['a%2Fb', 'a/b'], false],
    ['lower-case hex', 'a%2fb', ['a%2fb', 'a/b'], false],
    ['upper-case hex letters', '%C3%A9', ['%C3%A9', 'é'], false],
    ['three levels', '%25252e', ['%25252e', '%252e', '%2e', '.'], false],
    ['a decoding that stops on a lone %', '%2525%', ['%2525%'], true],
    ['an overlong dot (not UTF-8)', '%c0%ae', ['%c0%ae'], true],
    ['an overlong dot one level down', '%25c0%25ae', ['%25c0%25ae', '%c0%ae'], true],
    ['a %25 that decodes to a lone %', '%25', ['%25', '%'], false],
  ])('%s: %s', (_name, text, forms, broken) => {
    expect(decodings(text)).toEqual({ forms, broken });
  });
});

import { describe, expect, it } from 'vitest';
import { encodePathParam, fillPath } from '../../src/client/path.js';

// Found in review: `svc email drafts get '../../_mock/state'` sent /v1/email/drafts/..%2F..%2F_mock%2Fstate,
// which a proxy that decodes %2F before routing turns into a path outside /v1.
describe('a path parameter never climbs out of its path, however a server or proxy decodes it', () => {
  it.each([
    '../../_mock/state',
    '../x',
    'a/../b',
    'x/..',
    './x',
    '..\\x',
    'a\\..\\b',
    '..%2Fx',
    '..%2fx',
    '%2e%2e%2Fx',
    '%2E%2E/x',
    '..%252Fx',
    'a%2F..%2Fb',
    // Decoded three times, then four (svc api's path check follows every decoding; so does this).
    '%25252e%25252e%25252Fx',
    '%2525252e%2525252e/x',
    // NFKC: a server that normalises reads the fullwidth and one-dot-leader forms as dots.
    '\uFF0E\uFF0E/x',
    '\uFF0E\uFF0E\uFF0F\uFF58',
    'a/\u2024\u2024/b',
    '%EF%BC%8E%EF%BC%8E%2Fx',
  ])('%s is refused before anything is sent', (value) => {
    expect(() => encodePathParam('draftId', value)).toThrow('<draftId> cannot hold a "." or ".." segment');
    expect(() => fillPath('/email/drafts/{draftId}', { draftId: value })).toThrow(/segment/);
  });

  it.each(['dr_123', 'a.b', '...', '..x', 'x..', 'a/b', 'a b', '%2e', '.hidden/x', 'C:\\dir\\file', '100%', '\uFF0E\uFF0E', 'a\uFF0Eb/c', '%zz/..x'])(
    '%s is encoded as one segment',
    (value) => {
      expect(encodePathParam('draftId', value)).toBe(encodeURIComponent(value));
    },
  );

  it.each(['%252F..%252Fx', 'a%25252F..%25252Fb', '%25252e%25252e%25252Fx', '%2525252e%2525252e/x'])(
    '%s, a dot segment however many decodings away, is refused',
    (value) => {
      expect(() => encodePathParam('draftId', value)).toThrow(/segment/);
    },
  );
});

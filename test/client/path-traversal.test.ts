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
  ])('%s is refused before anything is sent', (value) => {
    expect(() => encodePathParam('draftId', value)).toThrow('<draftId> cannot hold a "." or ".." segment');
    expect(() => fillPath('/email/drafts/{draftId}', { draftId: value })).toThrow(/segment/);
  });

  it.each(['dr_123', 'a.b', '...', '..x', 'x..', 'a/b', 'a b', '%2e', '.hidden/x', 'C:\\dir\\file', '100%'])('%s is encoded as one segment', (value) => {
    expect(encodePathParam('draftId', value)).toBe(encodeURIComponent(value));
  });
});

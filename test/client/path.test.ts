import { describe, expect, it } from 'vitest';
import { encodePathParam, fillPath, PathParamError } from '../../src/client/path.js';

// The sentence a user reads when a path parameter cannot stand as one URL segment.

function refusal(call: () => unknown): PathParamError {
  try {
    call();
  } catch (error) {
    if (error instanceof PathParamError) return error;
    throw error;
  }
  throw new Error('expected a PathParamError');
}

describe('a path parameter that cannot be one segment is refused by name', () => {
  it.each([
    ['', '<draftId> cannot be empty'],
    ['.', '<draftId> cannot be "."'],
    ['..', '<draftId> cannot be ".."'],
    ['dr_\uD800', '<draftId> is not well-formed Unicode (it holds a lone surrogate)'],
  ])('%j: %s', (value, message) => {
    const error = refusal(() => encodePathParam('draftId', value));
    expect({ name: error.name, param: error.param, message: error.message }).toEqual({ name: 'PathParamError', param: 'draftId', message });
  });

  it('a missing or non-string parameter is required', () => {
    for (const params of [{}, { draftId: 7 }, { draftid: 'dr_1' }]) {
      expect(refusal(() => fillPath('/email/drafts/{draftId}', params)).message).toBe('<draftId> is required');
    }
  });

  it('fills each placeholder once, in place', () => {
    expect(fillPath('/crm/objects/{objectName}/entries/{entryId}', { objectName: 'deals', entryId: 'a/b c' })).toBe('/crm/objects/deals/entries/a%2Fb%20c');
    expect(fillPath('/meetings', {})).toBe('/meetings');
  });
});

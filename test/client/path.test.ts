import { describe, expect, it } from 'vitest';
import { encodePathParam, fillPath } from '../../src/client/path.js';
import { InputError } from '../../src/errors.js';

// The sentence a user reads when a path parameter cannot stand as one URL segment.

function refusal(call: () => unknown): InputError {
  try {
    call();
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
  throw new Error('expected an InputError');
}

describe('a path parameter that cannot be one segment is refused by name', () => {
  // The sentence is the command line's; the issue is what a batch record and the library's result name.
  it.each([
    ['', '<draftId> cannot be empty', 'cannot be empty'],
    ['.', '<draftId> cannot be "."', 'cannot be "."'],
    ['..', '<draftId> cannot be ".."', 'cannot be ".."'],
    ['dr_\uD800', '<draftId> is not well-formed Unicode (it holds a lone surrogate)', 'not well-formed Unicode (it holds a lone surrogate)'],
  ])('%j: %s', (value, message, problem) => {
    const error = refusal(() => encodePathParam('draftId', value));
    expect({ name: error.name, message: error.message, issues: error.issues }).toEqual({
      name: 'InputError',
      message,
      issues: [{ field: 'draftId', message: problem }],
    });
  });

  it('a missing parameter is required', () => {
    for (const params of [{}, { draftId: null }, { draftid: 'dr_1' }]) {
      const error = refusal(() => fillPath('/email/drafts/{draftId}', params));
      expect({ message: error.message, issues: error.issues }).toEqual({
        message: '<draftId> is required',
        issues: [{ field: 'draftId', message: 'required' }],
      });
    }
  });

  it('a parameter that is not a string says what it is', () => {
    for (const [value, what] of [
      [7, 'a number'],
      [['dr_1'], 'an array'],
      [true, 'a boolean'],
      [{}, 'an object'],
    ] as const) {
      const error = refusal(() => fillPath('/email/drafts/{draftId}', { draftId: value }));
      expect(error.message).toBe(`<draftId> must be a string, not ${what}`);
    }
  });

  it('fills each placeholder once, in place', () => {
    expect(fillPath('/crm/objects/{objectName}/entries/{entryId}', { objectName: 'deals', entryId: 'a/b c' })).toBe('/crm/objects/deals/entries/a%2Fb%20c');
    expect(fillPath('/meetings', {})).toBe('/meetings');
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AGENT_TOKEN_PREFIX, redactToken } from '../../src/auth/credential.js';

// A masked token shows no part of the secret: not its head, not any two characters of it in a row.
// Secrets hold no `*`, so the mask itself cannot be mistaken for a piece of the secret.

/** Any text of 1 to 200 characters without `*`: printable ASCII, or any code point (non-ASCII, control characters). */
const secretPart = fc
  .oneof(fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 200 }), fc.string({ unit: 'binary', minLength: 1, maxLength: 200 }))
  .filter((text) => !text.includes('*'));

/** Every piece of two or more characters of a text, by UTF-16 code unit as the output is compared. */
function sharesPiece(shown: string, secret: string): string | undefined {
  for (let from = 0; from + 2 <= secret.length; from++) {
    const piece = secret.slice(from, from + 2);
    if (shown.includes(piece)) return piece;
  }
  return undefined;
}

describe('redactToken', () => {
  it('shares no two characters in a row with the secret beyond the public agent prefix, with or without that prefix', () => {
    fc.assert(
      fc.property(secretPart, fc.boolean(), (secret, agent) => {
        const shown = redactToken(agent ? `${AGENT_TOKEN_PREFIX}${secret}` : secret);
        const expected = agent ? `${AGENT_TOKEN_PREFIX}********` : '********';
        expect(shown).toBe(expected);
        // The prefix itself is public: only the output after it is compared with the secret.
        expect(sharesPiece(shown.slice(agent ? AGENT_TOKEN_PREFIX.length : 0), secret)).toBeUndefined();
        // A one-character secret cannot share two characters: it must not show at all.
        if (secret.length === 1) expect(shown.slice(agent ? AGENT_TOKEN_PREFIX.length : 0)).not.toContain(secret);
      }),
      { numRuns: 500 },
    );
  });
});

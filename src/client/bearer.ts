// What may travel as `Authorization: Bearer <token>`: checked before a request is
// built, so a pasted key with a stray character is refused as bad input, never sent or mistaken
// for a network fault.

const CONTROL_NAMES: Record<string, string> = {
  '\r': 'a carriage return, as `$(cat key.txt)` leaves from a file with Windows line endings',
  '\n': 'a line feed',
  '\t': 'a tab',
};

/**
 * Why a credential cannot be sent as `Authorization: Bearer <token>`, or undefined when it can: a
 * bearer token is visible ASCII (RFC 6750's b64token, loosened to any visible character), so
 * white space or a control character in it is a copy-and-paste accident, never part of the key.
 */
export function credentialProblem(token: string): string | undefined {
  const control = /[\u0000-\u001f\u007f-\u009f]/.exec(token);
  if (control) {
    const name = CONTROL_NAMES[control[0]] ?? `U+${control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
    const where = control.index === token.length - 1 ? 'at its end' : control.index === 0 ? 'at its start' : `at character ${control.index + 1}`;
    return `it holds a control character ${where} (${name})`;
  }
  if (token.trim() !== token) return 'it has white space around it';
  if (/\s/.test(token)) return 'it holds white space';
  const foreign = /[^\x21-\x7e]/.exec(token);
  if (foreign)
    return `it holds a character an HTTP header cannot carry (U+${foreign[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')} at character ${foreign.index + 1})`;
  return undefined;
}

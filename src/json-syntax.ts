/**
 * Why JSON.parse refused a text, without the piece of the text V8 quotes. V8 says
 * `Unexpected token 's', ..."email": sk_live_SE"... is not valid JSON`: the quote is cut about ten
 * characters either side of the token, so a secret in the text would be shown cut, a form no
 * redactor can know (a secret never appears cut, README). Every other V8 message names a position
 * and quotes nothing; it is kept as it is.
 */
export function describeJsonSyntaxError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/, (?:\.\.\.)?"[\s\S]*"(?:\.\.\.)? is not valid JSON$/, '');
}

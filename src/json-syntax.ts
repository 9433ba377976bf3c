/**
 * Why a text is not JSON, in the same words whichever runtime runs svc. JSON.parse's own message
 * is the runtime's: V8 (the npm package) says `Expected ',' or ']' after array element in JSON at
 * position 3 (line 1 column 4)`, JavaScriptCore (the standalone binary, on Bun) `JSON Parse error:
 * Expected ']'`, and each quotes the text in its own way: V8 about ten characters either side of
 * an unexpected token, cut (a secret would be shown cut, a form no redactor knows: a secret never
 * appears cut, README), JavaScriptCore a whole word (`Unexpected identifier "sk_live_…"`). So svc
 * finds the first fault itself, as V8's parser does, and names it in V8's words, quoting nothing
 * but the one unexpected character: one sentence for both builds, with the position to look at.
 */

import { JsonScan, Refusal } from './json-scan.js';

/**
 * Why `text` is not JSON, in V8's words (`Unexpected token 'x'` without the piece of the text V8
 * quotes after it), or undefined when it is JSON. Walks the text once, with no recursion.
 */
export function describeJsonSyntax(text: string): string | undefined {
  try {
    new JsonScan(text).document();
    return undefined;
  } catch (caught) {
    if (caught instanceof Refusal) return caught.message;
    throw caught;
  }
}

/** For a text JSON.parse refused: why, as describeJsonSyntax says it. */
export const jsonRefusal = (text: string): string => describeJsonSyntax(text) ?? 'not valid JSON';

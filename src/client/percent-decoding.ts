/** A text as a server or proxy on the way may see it: as given, then percent-decoded once, twice, … */
export interface Decodings {
  /** The text, then each successive decoding, until decoding changes nothing. */
  forms: string[];
  /** The last form holds an escape that is not UTF-8 (`%c0%ae`, an overlong dot): it decodes no further. */
  broken: boolean;
}

/**
 * Every form a text takes when decoded again and again (`%252e%252e` is `..` after two).
 * Each decoding is shorter than the text it came from, so this ends.
 */
export function decodings(text: string): Decodings {
  const forms = [text];
  for (let form = text; /%[0-9a-fA-F]{2}/.test(form);) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(form);
    } catch {
      return { forms, broken: true };
    }
    if (decoded === form) break;
    forms.push((form = decoded));
  }
  return { forms, broken: false };
}

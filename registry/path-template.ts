// An operation's path template is joined to the base URL as it is written: only its `{param}`
// placeholders are filled (each value one segment, src/client/path.ts). So the template itself must
// keep a request under the base URL's path, whoever wrote it: a description added at run time, an
// imported one, or a store file edited by hand.

/** Characters no path of an API holds: they end the path (`?`, `#`) or are not sent as written. */
const FOREIGN = /[?#\s\p{Cc}]/u;

/** Each run of percent-escapes decoded, a run that is not UTF-8 left as it is (so a stray `%zz` hides nothing). */
const decodeRuns = (text: string): string =>
  text.replace(/(?:%[0-9a-fA-F]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });

/**
 * The forms a path takes on its way: as written, percent-decoded again and again (a proxy may decode
 * once more; each decoding is shorter, so this ends), and each NFKC-normalised (`．．` is `..` to a
 * server that normalises).
 */
function forms(path: string): string[] {
  const seen = [path];
  for (let form = path, next = decodeRuns(path); next !== form; form = next, next = decodeRuns(form)) seen.push(next);
  return [...seen, ...seen.map((form) => form.normalize('NFKC'))];
}

/** A character no path holds, named so that the line showing it stays one plain line. */
const named = (char: string): string =>
  char === ' ' ? 'a space' : /[?#]/.test(char) ? `"${char}"` : `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * What keeps a path template from being one, in a few words ending a sentence that starts
 * `the path "…"`; undefined when it is fit to send. It starts with `/`; holds no `?`, `#`,
 * whitespace or control character; no empty segment (`//`; a trailing `/` is one); no `.` or `..`
 * segment, as written, percent-encoded or in full-width letters, which a URL parser, a proxy or
 * the server would climb out of the API's path by; and no backslash, which some servers read as `/`.
 */
export function pathTemplateProblem(template: string): string | undefined {
  if (!template.startsWith('/')) return 'must start with "/"';
  // What is sent: a placeholder's name never is (its value is filled in, one segment), so `{a b}` is a name like any other.
  const path = template.replace(/\{[^{}]+\}/g, 'p');
  const foreign = FOREIGN.exec(path);
  if (foreign) return `holds ${named(foreign[0])}, which no path of an API holds`;
  const out = "which would take a request out of the API's path";
  if (path.includes('\\')) return `holds a backslash, ${out}`;
  if (path.slice(1).split('/').slice(0, -1).includes('')) return `holds an empty segment ("//"), ${out}`;
  const dotted = forms(path).some((form) => form.split(/[\\/]/).some((segment) => segment === '.' || segment === '..'));
  return dotted ? `holds a "." or ".." segment, ${out}` : undefined;
}

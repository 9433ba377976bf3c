// What counts as a reference to the project's history: a tracker citation (a number after a hash
// sign, or after the word issue or PR) or a commit hash. User-facing text holds neither
// (user-text.test.ts), and code comments no tracker citation (code-comments.test.ts): a reader can
// follow neither, and the commit log keeps the history. Examples of each are the tests' data.

/** A reference to the project's tracker: a hash sign and a number, or "issue", "issues", "PR" or "pull request" and a number. */
export const ISSUE = /(?<![&\w])#\d+\b|\b(?:issues?|PR|pull request)\s+#?\d+/gi;
/** A commit hash: 7 to 40 hex digits, with at least one digit and one letter. */
export const COMMIT = /\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\b/g;

/** The tracker citations in a text. */
export const trackerCitations = (text: string): string[] => [...text.matchAll(ISSUE)].map((match) => match[0]);

/** The tracker citations and commit hashes in a text. */
export const historyIn = (text: string): string[] => [...trackerCitations(text), ...[...text.matchAll(COMMIT)].map((match) => match[0])];

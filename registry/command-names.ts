// The names an operation id gives its command: the words of `svc <words>`, its man page, its
// OpenAPI component names. An id is words joined by "_"; a word may hold hyphens inside it, as the
// AWS CLI's commands do (`repos_get-content` -> `svc repos get-content`).

/** An operation id: two or more lower-case words joined by "_", each word letters and digits, hyphens only inside. */
export const OPERATION_ID = /^[a-z][a-z0-9]*(-[a-z0-9]+)*(_[a-z][a-z0-9]*(-[a-z0-9]+)*)+$/;

/** The command words of an id: `repos_get-content` -> ['repos', 'get-content']. */
export const commandWords = (id: string): string[] => id.split('_');

/** `email_drafts_get` -> `EmailDraftsGet`, `repos_get-content` -> `ReposGetContent`: OpenAPI component names. */
export const componentName = (id: string): string =>
  id
    .split(/[_-]/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

/** The man page (and HTML page) name of a command path: its words joined by "-". */
const pageName = (words: readonly string[]): string => words.join('-');

/**
 * Refuses ids that cannot all be commands of one tree: an id whose words begin another's (a command
 * cannot also be a group: `repos_get` beside `repos_get_content`), and two command paths or ids that
 * would share a man page or an OpenAPI component name (`repos_get-content` beside `repos_get_content`).
 * Each refusal is one sentence naming both operations, ending with the way out (`remedy`: the
 * importer names its own).
 */
export function checkCommandNames(ids: Iterable<string>, remedy = 'rename one of them.'): void {
  const leaves = new Map<string, string>();
  const groups = new Map<string, string>();
  for (const id of ids) {
    const words = commandWords(id);
    leaves.set(words.join(' '), id);
    for (let depth = 1; depth < words.length; depth++) {
      const group = words.slice(0, depth).join(' ');
      if (!groups.has(group)) groups.set(group, id);
    }
  }
  for (const [path, id] of leaves) {
    const below = groups.get(path);
    if (below !== undefined)
      throw new Error(
        `Operation ${id} names the command "svc ${path}", which ${below} makes a group of commands; a command cannot also be a group, so ${remedy}`,
      );
  }
  const pages = new Map<string, string>();
  const components = new Map<string, string>();
  for (const [path, id] of [...leaves, ...groups]) {
    const page = pageName(path.split(' '));
    const other = pages.get(page);
    if (other !== undefined) {
      throw new Error(
        `Operation ${id} and ${leaves.get(other) ?? groups.get(other)} name the commands "svc ${path}" and "svc ${other}", which would share the manual page svc-${page}; ${remedy}`,
      );
    }
    pages.set(page, path);
  }
  for (const id of leaves.values()) {
    const name = componentName(id);
    const other = components.get(name);
    if (other !== undefined) throw new Error(`Operation ${id} and ${other} would share the OpenAPI component name ${name}; ${remedy}`);
    components.set(name, id);
  }
}

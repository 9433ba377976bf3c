// The guides (docs/guide/<topic>.md), read once at build time and bundled into the CLI and the
// manual's writer as `__SVC_GUIDES__`: `svc help <topic>`, man svc-<topic>(7) and the web manual
// render the same text, and the packed package and the standalone binary need no docs folder.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const guideDir = fileURLToPath(new URL('../../docs/guide/', import.meta.url));

/** Every guide as `{ name, markdown }`, by name; a file not in the guide format stops the build. */
export function readGuideSources(dir = guideDir) {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.md'))
    .sort()
    .map((file) => {
      const name = file.replace(/\.md$/, '');
      const markdown = readFileSync(join(dir, file), 'utf8').replace(/\r\n/g, '\n');
      if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(name)) throw new Error(`docs/guide/${file}: a guide's name is lower-case words joined by "-"`);
      if (!/^# \S.*\n\n(?!#|\||>|```|[-*] |\d+\. )\S/.test(markdown))
        throw new Error(`docs/guide/${file}: a guide starts with "# Title", a blank line, then its one-sentence summary`);
      return { name, markdown };
    });
}

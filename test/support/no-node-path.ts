import { accessSync, constants, mkdirSync, readdirSync, statSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';

/** The JavaScript runtimes a standalone svc must not need: none of them is linked. */
export const RUNTIMES = new Set(['node', 'nodejs', 'bun', 'bunx', 'deno']);

/**
 * Makes `folder` a PATH of one folder holding a link to every program `path` finds (the first of
 * each name, as a shell would find it) but a JavaScript runtime: a shell on it finds sh, tmux or
 * tinyproxy, and no node. Scripts whose interpreter is node (npm, npx) are linked and fail as they
 * would on a machine without Node.js.
 */
export function linkProgramsButNode(path: string, folder: string): void {
  mkdirSync(folder);
  const linked = new Set<string>();
  for (const dir of path.split(':')) {
    if (dir === '' || dir === folder) continue;
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      continue; // a PATH entry that is not there
    }
    for (const name of names) {
      if (linked.has(name) || RUNTIMES.has(name)) continue;
      const program = join(dir, name);
      if (!isProgram(program)) continue;
      symlinkSync(program, join(folder, name));
      linked.add(name);
    }
  }
}

function isProgram(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

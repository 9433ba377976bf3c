// Which packages a documented install line would fetch. `npm install -g svc` or `npx -y svc` runs
// the unrelated package called `svc` on the public registry, with the user's workspace key in its
// environment; a documented line may name only our package, a local tarball or folder, or a
// third-party tool listed here by name.

/** Tools from elsewhere that the docs may tell a reader to run: dev dependencies run in a clone, and the MCP Inspector. */
export const THIRD_PARTY_TOOLS = ['vitest', 'tsc', '@modelcontextprotocol/inspector'];

/** A package manager command that installs or runs a package, and the words after it. */
const COMMAND =
  /(?:^|[\s`'"(]|\$ |&&|;|\|)(npx|pnpx|npm\s+(?:install|i|add|exec|x)|pnpm\s+(?:add|install|i|dlx)|yarn\s+(?:global\s+add|add|dlx))(?=\s|$|`|'|")([^`'"\n]*)/g;
const EXEC_COMMANDS = /^(npx|pnpx|npm\s+(?:exec|x)|pnpm\s+dlx|yarn\s+dlx)$/;
/** npm flags that take a value, whose value is not a package (except --package). */
const VALUED = new Set(['--prefix', '--registry', '--cache', '-w', '--workspace', '--userconfig', '--pack-destination', '-c', '--call']);

export interface InstallCommand {
  command: string;
  /** The package specs it would install or run. */
  packages: string[];
  /** For npx and the like: true when it may only run what is installed (`--no-install`, `--no`). */
  localOnly: boolean;
}

/** Every install or run command in a line of text. */
export function installCommands(text: string): InstallCommand[] {
  const found: InstallCommand[] = [];
  for (const match of text.matchAll(COMMAND)) {
    const command = match[1]!.replace(/\s+/g, ' ');
    // A word cut at a quote keeps the backslash that escaped it in a template literal (`\``).
    const words = match[2]!
      .split(/(?:&&|\|\||;|\||\s#).*/)[0]!
      .trim()
      .split(/\s+/)
      .map((word) => word.replace(/\\+$/, ''))
      .filter(Boolean);
    const positional: string[] = [];
    const packages: string[] = [];
    let localOnly = false;
    for (let i = 0; i < words.length; i++) {
      const word = words[i]!;
      if (word === '--') continue;
      if (word === '--no-install' || word === '--no' || word === '--yes=false') localOnly = true;
      else if (word === '-p' || word === '--package') packages.push(words[++i] ?? '');
      else if (word.startsWith('--package=')) packages.push(word.slice('--package='.length));
      else if (VALUED.has(word)) i++;
      else if (!word.startsWith('-')) positional.push(word);
    }
    if (EXEC_COMMANDS.test(command)) {
      if (packages.length === 0 && positional[0]) packages.push(positional[0]);
    } else packages.push(...positional);
    found.push({ command, packages, localOnly });
  }
  return found;
}

/** A package spec's name: `@scope/name@1.2` is `@scope/name`, `name@latest` is `name`. */
export const packageName = (spec: string): string => spec.replace(/^(@?[^@]+)@.*$/, '$1');

const isLocal = (spec: string): boolean => /^(\.{1,2}\/|\/|~\/|file:)/.test(spec) || spec.endsWith('.tgz');

/** What is wrong with a command, or undefined when every package it names is ours, local or listed. */
export function foreignPackage(found: InstallCommand, ours: string): string | undefined {
  for (const spec of found.packages) {
    const name = packageName(spec);
    if (name === ours || isLocal(spec) || THIRD_PARTY_TOOLS.includes(name)) continue;
    // In a clone, `npx --no-install svc` runs the clone's own command and never fetches one.
    if (found.localOnly && name === 'svc') continue;
    return `\`${found.command}\` names ${spec}, which is not ${ours}, a local tarball or a listed tool`;
  }
  return undefined;
}

/** Words that mark a registry install line as the way once the package is published. */
export const ONCE_PUBLISHED = /once (?:it is |svc is |@svc-cli\/svc is )?published|once it is,|not yet|not on the npm registry yet/i;

/**
 * Whether this version is on the npm registry, as CHANGELOG.md says offline: its opening paragraph
 * names the version and says it is "not yet published" until it is.
 */
export function isPublished(changelog: string, version: string): boolean {
  const preamble = changelog.split(/^## /m)[0]!.replace(/\s+/g, ' ');
  return !(preamble.includes(version) && /not yet published/i.test(preamble));
}

/** Whether a command installs `ours` from the registry (not a tarball, a folder or a clone's own). */
export const fromRegistry = (found: InstallCommand, ours: string): boolean =>
  !found.localOnly && found.packages.some((spec) => packageName(spec) === ours && !isLocal(spec));

/** `npm run <script>` and `npm run-script <script>`: the scripts a line runs. */
export const npmScripts = (text: string): string[] =>
  [...text.matchAll(/(?:^|[\s`'"(;&|])npm\s+(?:run|run-script)(?:\s+--?[\w-]+)*\s+([\w:.-]+)/g)].map((match) => match[1]!);

/** The Node.js major versions a CI or container line asks for: `node-version: 24`, `FROM node:24-slim`, `image: node:22`. */
export const nodeMajors = (text: string): number[] =>
  [...text.matchAll(/node-version:\s*['"]?(\d+)|\bnode:(\d+)\b/g)].map((match) => Number(match[1] ?? match[2]));

/** The clone's folders a `PATH=` line puts first, as `$PWD/<folder>`. */
export const pathFolders = (text: string): string[] =>
  /\bPATH=/.test(text) ? [...text.matchAll(/\$(?:PWD|\{PWD\})\/([\w./-]+)/g)].map((match) => match[1]!.replace(/\/$/, '')) : [];

import { type CommandDoc, type HelpItem, type ReferenceModel, errorItems } from './model.js';

/**
 * `svc help reference`: the whole command tree as one Markdown document, as `gh help reference`
 * prints it, for people who grep. Every command gets a `##` heading with its usage, lists and
 * the text its `--help` ends with (examples, method and path, batch use).
 */
export function renderMarkdown(model: ReferenceModel): string {
  const [root, ...commands] = model.commands;
  const parts = [
    `# svc reference\n\n${root!.summary}.\n\n${codeBlock(root!.usage)}`,
    list('Global options (every command accepts them)', model.globalOptions),
    codeBlock(root!.after),
    ...commands.map(commandSection),
  ];
  return `${parts.filter(Boolean).join('\n\n')}\n`;
}

function commandSection(doc: CommandDoc): string {
  const heading = `## \`${doc.name}\``;
  const parts = [heading, doc.summary, codeBlock(doc.usage)];
  if (doc.operation)
    parts.push(
      `\`${doc.operation.method} ${doc.operation.path}\`${doc.operation.destructive ? ' (destructive: asks for confirmation on a terminal; without one, refused unless `--yes`)' : ''}`,
    );
  parts.push(list('Arguments', doc.arguments));
  if (doc.operation && doc.operation.rules.length > 0) parts.push(`### Rules\n\n${doc.operation.rules.map((rule) => `- ${rule.text}`).join('\n')}`);
  if (doc.operation) parts.push(list('Errors', errorItems(doc.operation.errors)));
  for (const group of doc.optionGroups) parts.push(list(group.heading.replace(/:$/, ''), group.items));
  parts.push(list('Commands', doc.subcommands));
  if (doc.after) parts.push(codeBlock(doc.after));
  return parts.filter(Boolean).join('\n\n');
}

function list(heading: string, items: HelpItem[]): string {
  if (items.length === 0) return '';
  return `### ${heading}\n\n${items.map((item) => `- \`${item.term}\`: ${item.description}`).join('\n')}`;
}

/** A fenced block long enough that no run of backticks inside can close it. */
function codeBlock(text: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}\n${text}\n${fence}`;
}

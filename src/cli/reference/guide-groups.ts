/**
 * The guides by what the reader is doing, in reading order: the manual's index and sidebar, its
 * previous and next links, and `svc help topics` list them so. A guide in no group is an error
 * (groupGuides), so a new guide is placed on purpose, and a misspelt name here leaves one out.
 */
export const GUIDE_GROUPS: readonly { title: string; guides: readonly string[] }[] = [
  { title: 'Start', guides: ['install', 'credentials', 'finding-commands', 'mocking'] },
  { title: 'Everyday use', guides: ['input', 'output', 'exit-codes', 'pagination', 'waiting', 'aliases', 'raw-requests', 'environment', 'networks'] },
  { title: 'Automation and CI', guides: ['batch', 'checkpoints', 'library', 'openapi-export'] },
  { title: 'Agents', guides: ['mcp-server'] },
  { title: 'Extending svc', guides: ['added-areas', 'adding-an-area'] },
];

/** The guides in their groups, in reading order (a group with none of them is left out); throws naming a guide no group holds. */
export function groupGuides<T>(guides: readonly T[], nameOf: (guide: T) => string): { title: string; guides: T[] }[] {
  const byName = new Map(guides.map((guide) => [nameOf(guide), guide]));
  const placed = new Set(GUIDE_GROUPS.flatMap((group) => group.guides));
  const loose = [...byName.keys()].filter((name) => !placed.has(name));
  if (loose.length > 0) throw new Error(`guides in no group of src/cli/reference/guide-groups.ts: ${loose.join(', ')}`);
  return GUIDE_GROUPS.map((group) => ({ title: group.title, guides: group.guides.flatMap((name) => byName.get(name) ?? []) })).filter(
    (group) => group.guides.length > 0,
  );
}

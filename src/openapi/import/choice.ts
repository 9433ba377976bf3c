import { areaName } from './names.js';
import { ImportRefusal } from './refusal.js';

/** `--areas repos,issues`: the areas asked for, each by its name from its tag (`Code Scanning` or `code-scanning`). */
export function readAreaNames(text: string): string[] {
  const areas = text
    .split(',')
    .map((area) => area.trim())
    .filter((area) => area !== '')
    .map(areaName);
  if (areas.length === 0) throw new ImportRefusal('--areas names no area; give tags separated by commas, such as --areas repos,issues');
  return areas;
}

/** `--rename credentials=github-credentials,…`: each area by its name from the tag, to a name svc can take as a command word. */
export function readRenames(text: string): Map<string, string> {
  const renames = new Map<string, string>();
  const items = text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  if (items.length === 0)
    throw new ImportRefusal('--rename names no area; give tag=name pairs separated by commas, such as --rename credentials=github-credentials');
  for (const item of items) {
    const [from = '', to = '', ...rest] = item.split('=').map((part) => part.trim());
    if (from === '' || to === '' || rest.length > 0) throw new ImportRefusal(`--rename ${item}: give tag=name, such as credentials=github-credentials`);
    if (areaName(to) !== to)
      throw new ImportRefusal(
        `--rename ${item}: ${JSON.stringify(to)} is not an area name; use lowercase letters and digits in words joined by hyphens, such as ${areaName(to) || 'github-credentials'}`,
      );
    const source = areaName(from);
    if (renames.has(source)) throw new ImportRefusal(`--rename names the area ${JSON.stringify(source)} twice`);
    renames.set(source, to);
  }
  return renames;
}

import { InputError } from '../errors.js';
import { applyAssignments, type FieldAssignment, parseFieldAssignment } from './assignment.js';
import { type JsonSources, stdinClaim } from './body-source.js';
import { parseUserJson } from './user-file.js';

/** A field file larger than this is a mistake (a log, a disk image), not a field's value. */
export const MAX_FIELD_FILE_BYTES = 16 * 1024 * 1024;

/**
 * The repeated assignments of one command-line flag as an object, reading `key=@file` (the file's
 * text as a string) and `key:=@file.json` (the file's JSON); `@@` at the start of a value stands for
 * a literal `@`. Only the user's own command line reads files: batch lines and CSV cells take
 * `@` literally (src/batch/), so a line from an untrusted file cannot read local files.
 */
export async function readFieldAssignments(flag: string, items: readonly string[], from: JsonSources): Promise<Record<string, unknown>> {
  try {
    const assignments: FieldAssignment[] = [];
    for (const item of items) {
      const read = (file: string): Promise<string> => {
        if (file !== '-') return from.readText(file, MAX_FIELD_FILE_BYTES);
        return from.stdin(MAX_FIELD_FILE_BYTES, stdinClaim(flag, item)).then((text) => {
          if (text.includes('\uFFFD')) throw new InputError('standard input is not valid UTF-8');
          return text;
        });
      };
      assignments.push(await readFieldAssignment(item, read));
    }
    return applyAssignments(assignments);
  } catch (error) {
    if (error instanceof InputError) throw error.under(flag);
    throw error;
  }
}

async function readFieldAssignment(text: string, read: (file: string) => Promise<string>): Promise<FieldAssignment> {
  const eq = text.indexOf('=');
  const value = eq === -1 ? '' : text.slice(eq + 1);
  if (eq <= 0 || !value.startsWith('@')) return parseFieldAssignment(text);
  // `@@…` is the value `@…`, typed as it would be without a file: parsed by the one grammar.
  if (value.startsWith('@@')) return parseFieldAssignment(`${text.slice(0, eq + 1)}${value.slice(1)}`);
  const file = value.slice(1);
  const shape = parseFieldAssignment(`${text.slice(0, eq + 1)}null`);
  const json = text.slice(0, eq).endsWith(':');
  if (file === '') throw new InputError(`${shape.key}: expected a file name after "@" (write "@@" for a value that starts with "@")`);
  const content = await read(file);
  return { ...shape, value: json ? parseUserJson(content, file === '-' ? 'standard input' : file, 'JSON') : content };
}

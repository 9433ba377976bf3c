import type { FieldDefinition } from '../fixture-schema.js';
import type { FieldProblem } from '../reply.js';
import { findById } from '../state.js';

/**
 * Checks entry values against the object's field definitions, and lists every problem with its
 * body path (`data.<field>`). `null` leaves a field unset, whatever its type.
 */
export function checkEntryData(data: Record<string, unknown>, fields: Record<string, FieldDefinition>, memberIds: readonly string[]): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const [name, value] of Object.entries(data)) {
    const field = findById(fields, name);
    const path = `data.${name}`;
    if (!field) {
      problems.push({ path, message: `unknown field "${name}"; the fields are ${Object.keys(fields).join(', ')}` });
      continue;
    }
    const message = value === null ? undefined : fieldValueProblem(field, value, memberIds);
    if (message) problems.push({ path, message });
  }
  return problems;
}

function fieldValueProblem(field: FieldDefinition, value: unknown, memberIds: readonly string[]): string | undefined {
  switch (field.type) {
    case 'text':
      return typeof value === 'string' ? undefined : 'expected text (a string)';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? undefined : 'expected a number';
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'expected true or false';
    case 'date':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) && !Number.isNaN(Date.parse(value))
        ? undefined
        : 'expected an ISO 8601 date such as 2026-03-31';
    case 'select':
      return typeof value === 'string' && field.options.includes(value) ? undefined : `expected one of ${field.options.join(', ')}`;
    case 'users':
      return usersProblem(value, memberIds);
  }
}

// A users field holds one member userId or an array of them (spec: CRM entry).
function usersProblem(value: unknown, memberIds: readonly string[]): string | undefined {
  const ids = Array.isArray(value) ? value : [value];
  const expected = `expected a member userId or an array of them (members: ${memberIds.join(', ')})`;
  for (const id of ids) {
    if (typeof id !== 'string') return expected;
    if (!memberIds.includes(id)) return `"${id}" is not a workspace member; ${expected}`;
  }
  return undefined;
}

import { jsonTextTooDeep } from '../client/response-body.js';
import { InputError } from '../errors.js';
import type { FieldKind } from './fields.js';

/**
 * A field's value typed as text, on a flag or in a CSV cell, read as the field's kind: the one
 * reading of a number, a boolean and JSON for both. `json` reads the text as JSON whatever the
 * kind (`key:=` columns). Refusals are InputErrors without a field: the caller names it.
 */
export function readFieldText(kind: FieldKind | 'path', text: string, json = false): unknown {
  if (json || kind === 'map' || kind === 'json') {
    const tooDeep = jsonTextTooDeep(text, 'the JSON');
    if (tooDeep) throw new InputError(tooDeep);
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new InputError(`expected JSON, got ${text}`);
    }
  }
  if (kind === 'number') {
    const number = Number(text);
    if (text.trim() === '' || !Number.isFinite(number)) throw new InputError(`expected a number, got "${text}"`);
    return number;
  }
  if (kind === 'boolean') {
    if (/^(true|false)$/i.test(text.trim())) return text.trim().toLowerCase() === 'true';
    throw new InputError(`expected true or false, got "${text}"`);
  }
  return text;
}

import { visibleControl } from '../output/terminal-safe.js';

/**
 * Characters a reader cannot see but a model reads, or that reorder what a line appears to say:
 * C0 and C1 controls (but tab and newline), DEL, zero-width and joiner characters, the bidi marks,
 * embeddings, overrides and isolates, the word joiner and invisible operators, the byte order mark,
 * interlinear annotation marks, and the Unicode tag characters (text hidden in plain sight).
 */
const INVISIBLE =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u061c\u115f\u1160\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\u3164\ufeff\ufff9-\ufffb]|\udb40[\udc00-\udc7f]/g;

/** Each such character as its visible form (`^[`, `<U+202E>`), as svc's terminal output shows it. */
export function neutraliseText(text: string): string {
  INVISIBLE.lastIndex = 0;
  if (!INVISIBLE.test(text)) return text; // the common case costs one scan
  return text.replace(INVISIBLE, (char) =>
    char.length === 2
      ? `<U+${char.codePointAt(0)!.toString(16).toUpperCase()}>`
      : char.charCodeAt(0) < 0xa0
        ? visibleControl(char)
        : `<U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}>`,
  );
}

/** A JSON value with every string and key neutralised; exact numbers (`JSON.rawJSON`) kept as they are. */
export function neutraliseValue(value: unknown): unknown {
  if (typeof value === 'string') return neutraliseText(value);
  if (value === null || typeof value !== 'object' || isRawJson(value)) return value;
  if (Array.isArray(value)) return value.map(neutraliseValue);
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value))
    Object.defineProperty(out, neutraliseText(key), { value: neutraliseValue(item), enumerable: true, writable: true, configurable: true });
  return out;
}

const isRawJson = (value: object): boolean => (JSON as unknown as { isRawJSON?: (v: unknown) => boolean }).isRawJSON?.(value) === true;

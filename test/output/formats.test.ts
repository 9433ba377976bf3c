import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { formatNdjson, renderValue } from '../../src/output/formats.js';

const plain = { color: false, redact: (text: string) => text };
const draft = { ok: true, kind: 'email', draftId: 'dr_1', revision: 3, senders: [{ email: 'ada@example.com' }], note: 'yes: no # not a comment' };

describe('renderValue', () => {
  it('json is pretty, two-space indented', async () => {
    expect(await renderValue(draft, 'json', plain)).toBe(`${JSON.stringify(draft, null, 2)}\n`);
  });

  it('yaml reads back as the same value, strings that look like YAML included', async () => {
    const text = await renderValue(draft, 'yaml', plain);
    expect(text).toContain('draftId: dr_1\n');
    expect(parse(text)).toEqual(draft);
  });

  it('yaml keeps a repeated object whole instead of an alias', async () => {
    const shared = { a: 1 };
    expect(await renderValue([shared, shared], 'yaml', plain)).toBe('- a: 1\n- a: 1\n');
  });

  it('ndjson is one compact JSON text a line, an array one line per item', () => {
    expect(formatNdjson([{ a: 1 }, 'x', null])).toBe('{"a":1}\n"x"\nnull\n');
    expect(formatNdjson(draft)).toBe(`${JSON.stringify(draft)}\n`);
    expect(formatNdjson([])).toBe('');
  });
});

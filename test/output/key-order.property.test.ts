import fc from 'fast-check';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { createRedactor } from '../../src/auth/redaction.js';
import { orderedRecord } from '../../src/client/key-order.js';
import { parseJsonBody } from '../../src/client/response-body.js';
import { renderValue } from '../../src/output/formats.js';
import { paintJson } from '../../src/output/json-color.js';
import { compileQuery } from '../../src/output/query.js';

// What svc prints is what the service sent: keys in the order received, integer-like
// ones (which a JavaScript object lists first) and `__proto__` included, at every depth, in every
// format, after redaction and through `--query`. Each case is written as JSON text by hand, so the
// expected order is the text's own, never a JavaScript object's.

/** Keys a plain object would reorder or lose, and ordinary ones. */
const key = fc.oneof(
  fc.constantFrom('0', '1', '2', '10', '4294967294', '4294967295', '01', '-1', '1.5', '__proto__', 'constructor', 'b', 'a', 'expref', ''),
  fc.nat({ max: 99 }).map(String),
  fc.string({ maxLength: 6 }),
);

/** A JSON value as text, objects' keys in a random order. */
const { json } = fc.letrec<{ json: string }>((tie) => ({
  json: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom('1', '-0', '1.50', 'true', 'null', '"x"', '"svc_secret_0001"'),
    fc.array(tie('json'), { maxLength: 3 }).map((items) => `[${items.join(',')}]`),
    fc
      .uniqueArray(fc.tuple(key, tie('json')), { selector: ([k]) => k, maxLength: 5 })
      .map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`),
  ),
}));
const object = fc
  .uniqueArray(fc.tuple(key, json), { selector: ([k]) => k, minLength: 1, maxLength: 6 })
  .map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`);

/** Every object's keys, depth first, as the text lists them (each JSON text here has unique keys). */
function keysInText(text: string): string[][] {
  const found: string[][] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (node && typeof node === 'object' && 'entries' in node) {
      const entries = (node as { entries: [string, unknown][] }).entries;
      found.push(entries.map(([k]) => k));
      for (const [, child] of entries) walk(child);
    }
  };
  walk(readTree(text));
  return found;
}

/** A JSON text as a tree that keeps each object's entries as a list (JSON.parse cannot). */
function readTree(text: string): unknown {
  let at = 0;
  const space = () => {
    while (/\s/.test(text[at] ?? '')) at++;
  };
  const value = (): unknown => {
    space();
    if (text[at] === '{' || text[at] === '[') {
      const close = text[at] === '{' ? '}' : ']';
      const items: unknown[] = [];
      at++;
      space();
      if (text[at] === close) return (at++, close === '}' ? { entries: [] } : []);
      for (;;) {
        if (close === '}') {
          space();
          const k = value() as string;
          space();
          at++;
          items.push([k, value()]);
        } else items.push(value());
        space();
        if (text[at++] === close) break;
      }
      return close === '}' ? { entries: items } : items;
    }
    const token = /^(?:"(?:[^"\\]|\\.)*"|[^,\]}\s]+)/.exec(text.slice(at))![0];
    at += token.length;
    return token.startsWith('"') ? (JSON.parse(token) as unknown) : token;
  };
  return value();
}

const plain = { color: false, redact: (text: string) => text };
const exactOf = (text: string): unknown => {
  const parsed = parseJsonBody(text);
  if (!parsed.ok) throw new Error(`not JSON: ${text}`);
  return parsed.exact;
};

describe('keys as received', () => {
  it('orderedRecord lists keys first-seen, last value wins, every key own', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(key, fc.integer()), { maxLength: 8 }), (entries) => {
        const record = orderedRecord(entries);
        const order = [...new Set(entries.map(([k]) => k))];
        expect(Object.keys(record)).toEqual(order);
        for (const k of order) expect(Object.hasOwn(record, k) && record[k]).toBe(entries.findLast(([e]) => e === k)![1]);
        expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
      }),
    );
  });

  it('json and ndjson write the answer back as sent, character for character', async () => {
    await fc.assert(
      fc.asyncProperty(json, async (text) => {
        const exact = exactOf(text);
        expect(JSON.stringify(exact)).toBe(text);
        expect(await renderValue(exact, 'ndjson', plain)).toBe(
          Array.isArray(exact) ? (readTree(text) as unknown[]).map((_, i) => `${JSON.stringify((exact as unknown[])[i])}\n`).join('') : `${text}\n`,
        );
        const pretty = await renderValue(exact, 'json', plain);
        expect(pretty.replace(/\s+(?=(?:[^"\\]|\\.|"(?:[^"\\]|\\.)*")*$)/g, '')).toBe(text);
        expect(keysInText(pretty)).toEqual(keysInText(text));
        expect(keysInText(paintJson(exact).replace(/\u001b\[\d+m/g, ''))).toEqual(keysInText(text));
      }),
    );
  });

  it('yaml lists every mapping in the order sent', async () => {
    await fc.assert(
      fc.asyncProperty(object, async (text) => {
        const yaml = await renderValue(exactOf(text), 'yaml', plain);
        const [document] = parseAllDocuments(yaml) as unknown as { toJS(options: object): unknown }[];
        // The yaml package reads mappings into Maps, which keep any order.
        const asMaps = document!.toJS({ mapAsMap: true });
        const keysOf = (node: unknown): string[][] =>
          node instanceof Map ? [[...node.keys()].map(String), ...[...node.values()].flatMap(keysOf)] : Array.isArray(node) ? node.flatMap(keysOf) : [];
        expect(keysOf(asMaps)).toEqual(keysInText(text));
      }),
    );
  });

  it("a table lists an object's keys, and a list's columns, in the order sent", async () => {
    await fc.assert(
      fc.asyncProperty(object, async (text) => {
        const exact = exactOf(text) as Record<string, unknown>;
        const labels = (await renderValue(exact, 'table', plain)).split('\n').slice(0, -1);
        // A label the table can show as it is: no control, no space at either end (trimmed).
        const visible = (k: string): boolean => /^\S(?:.*\S)?$/.test(k) && !/[\u0000-\u001f\u007f]/.test(k);
        expect(labels.filter((line, i) => visible(Object.keys(exact)[i]!) && !line.startsWith(Object.keys(exact)[i]!))).toEqual([]);
        expect(Object.keys(exact)).toEqual(keysInText(text)[0]);
        const header = (await renderValue([exact, exact], 'table', plain)).split('\n')[0]!;
        const columns = keysInText(text)[0]!.filter(visible);
        let from = 0;
        for (const column of columns) {
          const at = header.indexOf(column, from);
          expect(at, `${column} in ${header}`).toBeGreaterThanOrEqual(from);
          from = at + column.length;
        }
      }),
    );
  });

  it('redacting a secret out of an answer keeps its keys in order', () => {
    const redactor = createRedactor(['svc_secret_0001']);
    fc.assert(
      fc.property(json, (text) => {
        const shown = JSON.stringify(redactor.value(exactOf(text)));
        expect(shown).not.toContain('svc_secret_0001');
        expect(keysInText(shown)).toEqual(keysInText(text));
      }),
    );
  });

  it('--query passes an object through in order, and builds objects in the order it names their keys', () => {
    fc.assert(
      fc.property(object, fc.uniqueArray(key, { minLength: 1, maxLength: 5 }), (text, names) => {
        const exact = exactOf(text);
        const run = (expression: string): unknown => {
          const compiled = compileQuery(expression);
          if (!compiled.ok) throw new Error(compiled.message);
          const result = compiled.apply(exact);
          if (!result.ok) throw new Error(result.message);
          return result.value;
        };
        expect(JSON.stringify(run('@'))).toBe(text);
        expect(JSON.stringify(run('merge(@, `{}`)'))).toBe(text);
        expect(JSON.stringify(run('from_items(items(@))'))).toBe(text);
        expect(Object.keys(run(`{${names.map((n) => `${JSON.stringify(n)}: \`1\``).join(', ')}}`) as object)).toEqual(names);
      }),
    );
  });
});

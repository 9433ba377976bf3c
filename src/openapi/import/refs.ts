import { ImportRefusal } from './refusal.js';

type Node = Record<string, unknown>;

/** `#/components/schemas/a~1b` -> ['components', 'schemas', 'a/b'] (RFC 6901, after the URI fragment's percent-decoding). */
export function pointerKeys(ref: string): string[] {
  if (ref === '#') return [];
  return ref
    .slice(2)
    .split('/')
    .map((key) => decodeURIComponent(key).replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** The value at an internal `#/…` reference, or undefined; never follows inherited keys such as `__proto__`. */
export function atPointer(document: unknown, ref: string): unknown {
  let node: unknown = document;
  for (const key of pointerKeys(ref)) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined;
    node = (node as Node)[key];
  }
  return node;
}

/** Keys whose values are data, not OpenAPI objects: a "$ref" inside them is text. */
const LITERAL_KEYS = new Set(['example', 'default', 'enum', 'const']);

const withoutValue = (example: unknown): unknown => {
  if (example === null || typeof example !== 'object' || Array.isArray(example)) return example;
  const { value: _data, ...rest } = example as Node;
  return rest;
};

/**
 * Checks every `$ref` of the document before anything is mapped: one that leaves the document
 * (another file, a URL) is refused, as is one pointing at nothing; a refusal is one line naming
 * the reference and where it is.
 */
export function checkReferences(document: Node, file: string): void {
  const stack: [unknown, string][] = [[document, '#']];
  while (stack.length > 0) {
    const [node, where] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    const ref = (node as Node).$ref;
    if (typeof ref === 'string' && !Array.isArray(node)) {
      if (!ref.startsWith('#')) {
        throw new ImportRefusal(
          `${file} refers to another document (${JSON.stringify(ref.slice(0, 200))} at ${where}); external references are not imported: bundle the description into one file first (redocly bundle)`,
        );
      }
      if (ref !== '#' && !ref.startsWith('#/'))
        throw new ImportRefusal(`${file} has a reference by anchor (${JSON.stringify(ref.slice(0, 200))} at ${where}); only JSON pointers (#/…) are imported`);
      let target: unknown;
      try {
        target = atPointer(document, ref);
      } catch {
        target = undefined;
      }
      if (target === undefined) throw new ImportRefusal(`${file} has a reference to nothing (${JSON.stringify(ref.slice(0, 200))} at ${where})`);
    }
    for (const [key, value] of Object.entries(node)) {
      if (LITERAL_KEYS.has(key) || key.startsWith('x-') || (key === 'examples' && Array.isArray(value))) continue;
      const at = `${where}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      // An Example Object's `value` is data, where "$ref" may be any text.
      if (key === 'examples' && value !== null && typeof value === 'object') {
        for (const [name, example] of Object.entries(value)) stack.push([withoutValue(example), `${at}/${name}`]);
      } else stack.push([value, at]);
    }
  }
}

/**
 * The object a possibly-referenced OpenAPI object stands for (a parameter, a request body, a
 * response): follows `$ref` chains inside the document, refusing a loop of references.
 */
export function resolveObject(document: Node, value: unknown): Node | undefined {
  const seen = new Set<string>();
  let node = value;
  while (node !== null && typeof node === 'object' && typeof (node as Node).$ref === 'string') {
    const ref = (node as Node).$ref as string;
    if (seen.has(ref)) throw new ImportRefusal(`the references ${[...seen, ref].map((r) => JSON.stringify(r)).join(' -> ')} form a loop`);
    seen.add(ref);
    node = atPointer(document, ref);
  }
  return node !== null && typeof node === 'object' && !Array.isArray(node) ? (node as Node) : undefined;
}

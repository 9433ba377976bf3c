// JSON Schema (the OpenAPI 3.0 and 3.1 dialects) -> zod/mini schemas as trees (schema-tree.ts), which
// the registry importer writes as source text and `svc areas add` stores as data. What cannot be
// held exactly is reported with its JSON pointer, and the schema written is the closest one that
// still accepts every value the description allows.
import { isObject, type MapContext, own } from './schema-context.js';
import { nodeExpression } from './schema-node.js';
import { Identifiers, pointerName, quote, resolvePointer } from './schema-text.js';
import { call, mapNamed, namedIn, type SchemaTree, treeSource } from './schema-tree.js';

export type JsonSchema = Record<string, unknown> | boolean;

/** One construct not mapped exactly; `where` is a JSON pointer into the document. */
export interface Unmapped {
  construct: string;
  where: string;
  note: string;
}

export interface SchemaWriterOptions {
  dialect: '3.0' | '3.1';
  /** The document, to resolve internal `#/...` refs. */
  document: Record<string, unknown>;
  /** Called for each construct not mapped exactly (imp gathers them into the report). */
  unmapped(item: Unmapped): void;
  /** Top-level names the generated module already uses (its area const…): never given to a schema. */
  reservedNames?: readonly string[];
  /** The sentence of an "at least one of these fields" rule, its validation message; a plain one by default. */
  ruleDescription?(fields: string[], where: string): string | undefined;
  /** Bounds on one schema's nesting and on the nodes one writer maps (defaults MAX_DEPTH, MAX_NODES). */
  limits?: { depth?: number; nodes?: number };
}

/** Nesting levels one schema may have before the rest is `z.unknown()` (and reported), far beyond real descriptions. */
export const MAX_DEPTH = 64;
/** Schema nodes one writer maps before the rest is `z.unknown()` (and reported): a bound on time and output. */
export const MAX_NODES = 1_000_000;
/** Nodes scanned to learn whether a named schema has readOnly/writeOnly parts before assuming it does. */
const MAX_SCAN = 200_000;

interface Named {
  index: number;
  name: string;
  /** The pointer of the schema (the end of any chain of references). */
  ref: string;
  use: 'request' | 'response';
  body?: SchemaTree;
  deps: number[];
}

/**
 * The named schemas a writer met, by the index trees refer to them with: `trees[i]`'s own references
 * are marked `lazy` where they close a cycle (z.lazy). `names[i]` is its const's name in generated
 * source, and `order` the indices in the order they are declared (each after those it uses, but
 * through a cycle).
 */
export interface NamedSchemas {
  trees: SchemaTree[];
  names: string[];
  order: number[];
}

const listWords = (words: string[]): string => (words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)}` : (words[0] ?? ''));

export class SchemaWriter {
  private readonly ids: Identifiers;
  private readonly met: Named[] = [];
  private readonly byKey = new Map<string, Named>();
  private readonly pending: Named[] = [];
  private readonly helpers = new Set<string>();
  private readonly marked = new Map<string, boolean>();
  private nodes = 0;
  private readonly maxDepth: number;
  private readonly maxNodes: number;

  constructor(private readonly options: SchemaWriterOptions) {
    this.ids = new Identifiers(options.reservedNames);
    this.maxDepth = options.limits?.depth ?? MAX_DEPTH;
    this.maxNodes = options.limits?.nodes ?? MAX_NODES;
  }

  /**
   * The tree of the schema at `where`, e.g. `z.strictObject({ name: z.string() })`. `use`: 'request'
   * drops readOnly properties, 'response' drops writeOnly ones. Objects are z.strictObject when
   * additionalProperties is false, else z.looseObject. A `$ref` becomes a named schema: its index
   * among those `named()` gives (the order met).
   */
  tree(schema: JsonSchema, use: 'request' | 'response', where: string): SchemaTree {
    const tree = this.walk(schema, use, where);
    this.drain();
    return tree;
  }

  /** The tree of `expression` as TypeScript source, naming the consts `declarations()` declares. */
  expression(schema: JsonSchema, use: 'request' | 'response', where: string): string {
    return this.source(this.tree(schema, use, where));
  }

  /** A tree from `tree()` as source text. */
  source(tree: SchemaTree): string {
    return treeSource(tree, (index) => this.met[index]!.name);
  }

  /** Every named schema used so far; a reference that closes a cycle is lazy. */
  named(): NamedSchemas {
    this.drain();
    const { order, lazy } = this.ordered();
    const trees = this.met.map((entry) => mapNamed(entry.body!, (named) => (lazy.has(`${entry.index}>${named.n}`) ? { ...named, lazy: true } : named)));
    return { trees, names: this.met.map((entry) => entry.name), order: order.map((entry) => entry.index) };
  }

  /** `const Name = …;` for every named schema used so far, dependencies first; a cycle goes through z.lazy. */
  declarations(): string {
    return declarationsSource(this.named());
  }

  /** Registry modules (relative to the registry folder) and the names the generated code imports from them. */
  registryImports(): Record<string, string[]> {
    return this.helpers.size === 0 ? {} : { 'rules.js': [...this.helpers].sort() };
  }

  private walk(schema: unknown, use: 'request' | 'response', where: string): SchemaTree {
    let depth = 0;
    let reportedSize = false;
    const report = (construct: string, at: string, note: string) => this.options.unmapped({ construct, where: at, note });
    const context: MapContext = {
      use,
      dialect: this.options.dialect,
      report,
      sub: (node, at, optional = false) => {
        const unknown = optional ? call('optional', call('unknown')) : call('unknown');
        if (depth >= this.maxDepth) {
          report('depth', at, `nested deeper than ${this.maxDepth} levels; any value is accepted here`);
          return unknown;
        }
        if (++this.nodes > this.maxNodes) {
          if (!reportedSize) report('size', at, `more than ${this.maxNodes} schema nodes; any value is accepted from here on`);
          reportedSize = true;
          return unknown;
        }
        depth += 1;
        try {
          return nodeExpression(node, at, context, optional);
        } finally {
          depth -= 1;
        }
      },
      ref: (ref, at) => this.reference(ref, use, at),
      deref: (node, at) => this.deref(node, at),
      needs: (helper) => this.helpers.add(helper),
      ruleDescription: (fields, at) => this.options.ruleDescription?.(fields, at) ?? `at least one of ${listWords(fields)} is required`,
    };
    return context.sub(schema, where);
  }

  /** The named schema of an internal reference, by the order met; one per schema (per use when readOnly/writeOnly parts differ). */
  private reference(ref: string, use: 'request' | 'response', where: string): SchemaTree {
    const target = this.follow(ref, where, true);
    if (target === undefined) return call('unknown');
    const perUse = this.hasAccessMarks(target);
    const key = `${perUse ? use : ''}|${target}`;
    let entry = this.byKey.get(key);
    if (!entry) {
      const name = this.ids.claim(`${pointerName(target)}${perUse && use === 'request' ? 'Request' : ''}`);
      entry = { index: this.met.length, name, ref: target, use, deps: [] };
      this.met.push(entry);
      this.pending.push(entry);
      this.byKey.set(key, entry);
    }
    return { n: entry.index };
  }

  /** The pointer a reference ends at, through references that are only references; undefined (and reported) when it does not resolve. */
  private follow(ref: string, where: string, report: boolean): string | undefined {
    const fail = (note: string) => {
      if (report) this.options.unmapped({ construct: '$ref', where, note });
      return undefined;
    };
    const seen = new Set<string>();
    for (let pointer = ref; ;) {
      if (!pointer.startsWith('#')) return fail(`external reference ${quote(pointer)}; any value is accepted`);
      if (seen.has(pointer)) return fail(`references that lead back to ${quote(pointer)} without a schema; any value is accepted`);
      seen.add(pointer);
      const target = resolvePointer(this.options.document, pointer);
      if (target === undefined) return fail(`${quote(pointer)} is not in the document; any value is accepted`);
      const next = isObject(target) ? own(target, '$ref') : undefined;
      if (typeof next !== 'string' || Object.keys(target as object).some((key) => key !== '$ref' && key !== 'description' && key !== 'summary')) return pointer;
      pointer = next;
    }
  }

  private deref(schema: unknown, where: string): { schema: unknown; where: string } {
    const ref = isObject(schema) ? own(schema, '$ref') : undefined;
    const target = typeof ref === 'string' ? this.follow(ref, where, false) : undefined;
    return target === undefined ? { schema, where } : { schema: resolvePointer(this.options.document, target), where: target };
  }

  /** Whether anything the schema at `pointer` reaches is readOnly or writeOnly (then requests and responses differ). */
  private hasAccessMarks(pointer: string): boolean {
    const known = this.marked.get(pointer);
    if (known !== undefined) return known;
    const seen = new Set([pointer]);
    const queue = [pointer];
    let scanned = 0;
    let found = false;
    while (queue.length > 0 && !found) {
      const at = queue.shift()!;
      if (this.marked.get(at) === true) found = true;
      const stack: unknown[] = [resolvePointer(this.options.document, at)];
      while (stack.length > 0 && !found) {
        const node = stack.pop();
        if (++scanned > MAX_SCAN) found = true; // too large to tell: write both, which is always right
        if (Array.isArray(node)) stack.push(...node);
        else if (isObject(node)) {
          if (own(node, 'readOnly') === true || own(node, 'writeOnly') === true) found = true;
          const ref = own(node, '$ref');
          if (typeof ref === 'string' && ref.startsWith('#') && !seen.has(ref)) {
            seen.add(ref);
            queue.push(ref);
          }
          stack.push(...Object.values(node));
        }
      }
    }
    // Nothing marked: neither is anything it reaches, and each of those is settled too.
    if (found) this.marked.set(pointer, true);
    else for (const at of seen) this.marked.set(at, false);
    return found;
  }

  /** Maps the body of each named schema met so far (which may meet more). */
  private drain(): void {
    for (let entry = this.pending.shift(); entry; entry = this.pending.shift()) {
      entry.body = this.walk(resolvePointer(this.options.document, entry.ref), entry.use, entry.ref);
      entry.deps = [...namedIn(entry.body)];
    }
  }

  /**
   * Dependencies before dependents (depth first, in the order met); an edge back into the walk is a
   * cycle, written lazily.
   */
  private ordered(): { order: Named[]; lazy: Set<string> } {
    const state = new Map<number, 'open' | 'done'>();
    const order: Named[] = [];
    const lazy = new Set<string>();
    for (const root of this.met) {
      if (state.has(root.index)) continue;
      state.set(root.index, 'open');
      const stack: { entry: Named; next: number }[] = [{ entry: root, next: 0 }];
      while (stack.length > 0) {
        const top = stack.at(-1)!;
        const dep = top.entry.deps[top.next++];
        if (dep === undefined) {
          stack.pop();
          state.set(top.entry.index, 'done');
          order.push(top.entry);
        } else if (state.get(dep) === 'open') lazy.add(`${top.entry.index}>${dep}`);
        else if (!state.has(dep)) {
          state.set(dep, 'open');
          stack.push({ entry: this.met[dep]!, next: 0 });
        }
      }
    }
    return { order, lazy };
  }
}

/** `const Name = …;` for each named schema, in declaration order; a cycle goes through z.lazy. */
export function declarationsSource({ trees, names, order }: NamedSchemas): string {
  const targets = new Set(trees.flatMap((tree) => [...lazyTargets(tree)]));
  return order
    .map((index) => {
      const body = treeSource(trees[index]!, (dep) => names[dep]!);
      // A const reached through z.lazy is typed by hand: TypeScript cannot infer a type from itself.
      return `const ${names[index]}${targets.has(index) ? ': z.ZodMiniType' : ''} = ${body};`;
    })
    .join('\n');
}

/** The named schemas a tree reaches lazily. */
function lazyTargets(tree: SchemaTree): Set<number> {
  const found = new Set<number>();
  mapNamed(tree, (named) => {
    if (named.lazy) found.add(named.n);
    return named;
  });
  return found;
}

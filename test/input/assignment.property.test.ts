import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { applyAssignments, type FieldAssignment, formatFieldAssignments, parseFieldAssignment, unwritableKey } from '../../src/input/assignment.js';

// Property-based tests of the key=value grammar (README "Input"): what parsing gives, serialising
// gives back, and no value is ever dropped.

/** Any text a shell can pass, emoji and "__proto__" included (fast-check biases towards such keys). */
const text = fc.string({ unit: 'binary', maxLength: 12 });
const writableKey = text.filter((key) => unwritableKey(key) === undefined);
/** JSON values as JSON can carry them (no -0, which JSON writes as 0). */
const jsonValue = fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.parse(JSON.stringify(value)) as unknown);
const fieldValue = fc.oneof(text, jsonValue);

const parseAll = (items: readonly string[]) => applyAssignments(items.map(parseFieldAssignment));
const plain = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

describe('parse(serialise(body)) gives the same body', () => {
  it('for any map whose keys the grammar can write', () => {
    fc.assert(
      fc.property(fc.dictionary(writableKey, fieldValue, { maxKeys: 8 }), (body) => {
        const again = parseAll(formatFieldAssignments(body));
        expect(Object.keys(again).sort()).toEqual(Object.keys(body).sort());
        expect(plain(again)).toEqual(plain(body));
      }),
      { numRuns: 500 },
    );
  });

  it('and serialising what was parsed from any valid command line gives the same body again', () => {
    const item = fc
      .tuple(
        writableKey.filter((k) => !k.endsWith(':')),
        fc.constantFrom('=', ':=', '[]=', '[]:='),
        fieldValue,
      )
      .map(([key, op, value]) =>
        op.includes(':') ? `${key}${op}${JSON.stringify(value)}` : `${key}${op}${typeof value === 'string' ? value : JSON.stringify(value)}`,
      );
    fc.assert(
      fc.property(fc.array(item, { maxLength: 10 }), (items) => {
        const body = parseAll(items);
        expect(plain(parseAll(formatFieldAssignments(body)))).toEqual(plain(body));
      }),
      { numRuns: 500 },
    );
  });

  it('a key the grammar cannot write is refused by name, never written wrong', () => {
    fc.assert(
      fc.property(
        text.filter((key) => unwritableKey(key) !== undefined),
        jsonValue,
        (key, value) => {
          expect(() => formatFieldAssignments({ [key]: value })).toThrow(InputError);
        },
      ),
    );
  });
});

describe('no value is lost', () => {
  it('every assignment of a key ends up under that key, in order', () => {
    const assignment = fc.record({ key: fc.constantFrom('a', 'b', 'assignees', '__proto__', 'constructor'), value: fieldValue, append: fc.boolean() });
    fc.assert(
      fc.property(fc.array(assignment, { maxLength: 12 }), (assignments: FieldAssignment[]) => {
        const result = applyAssignments(assignments);
        const byKey = new Map<string, FieldAssignment[]>();
        for (const a of assignments) byKey.set(a.key, [...(byKey.get(a.key) ?? []), a]);
        expect(Object.keys(result).sort()).toEqual([...byKey.keys()].sort());
        for (const [key, given] of byKey) {
          const expected = given.length === 1 && !given[0]!.append ? given[0]!.value : given.map((a) => a.value);
          expect(Object.getOwnPropertyDescriptor(result, key)?.value).toEqual(expected);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('the value is everything after the first "=", "=" and all', () => {
    fc.assert(
      fc.property(
        writableKey.filter((k) => !k.endsWith(':')),
        text,
        (key, value) => {
          expect(parseFieldAssignment(`${key}=${value}`)).toEqual({ key, value, append: false });
        },
      ),
    );
  });
});

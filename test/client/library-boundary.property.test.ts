import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createClient, type HttpRequest } from '../../src/index.js';

// The class, not examples: arguments built from every kind of caller code that runs when a value
// is read (getters, Proxy traps, toJSON, toString, Symbol.toPrimitive, valueOf), throwing every
// kind of value, nested, cyclic or deep. `call` always resolves; an `invalid` result sent nothing;
// and whatever was sent is what was read, each property read once.

const revoked = () => {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
};
const conversionsThrow = () => ({
  toString: () => {
    throw new Error('toString');
  },
  valueOf: () => {
    throw new Error('valueOf');
  },
  [Symbol.toPrimitive]: () => {
    throw new Error('toPrimitive');
  },
});

/** Values a throw statement can throw, made fresh each time. */
const THROWN: Record<string, () => unknown> = {
  error: () => new Error('thrown'),
  string: () => 'thrown text',
  null: () => null,
  undefined: () => undefined,
  symbol: () => Symbol('thrown'),
  bigint: () => 7n,
  'conversions throw': conversionsThrow,
  'revoked proxy': revoked,
  'error whose message throws': () =>
    Object.defineProperty(new Error(), 'message', {
      get: () => {
        throw new Error('again');
      },
    }),
  'proxy whose getPrototypeOf throws': () =>
    new Proxy(new Error('x'), {
      getPrototypeOf: () => {
        throw new Error('trap');
      },
    }),
};
const thrown = fc.constantFrom(...Object.keys(THROWN));
const TRAPS = ['get', 'ownKeys', 'getOwnPropertyDescriptor', 'getPrototypeOf', 'has'] as const;

/** A recipe for a value; built fresh per run, since Proxies and getters carry state. */
type Recipe =
  | { t: 'json'; v: unknown }
  | { t: 'getter throws' | 'toJSON throws'; thrown: string }
  | { t: 'trap throws'; trap: (typeof TRAPS)[number]; thrown: string; inner: Recipe }
  | { t: 'revoked' | 'conversions throw' | 'bigint' | 'nan' | 'function' | 'symbol' | 'cycle' }
  | { t: 'toJSON'; inner: Recipe }
  | { t: 'boxed'; v: string | number | boolean }
  | { t: 'null prototype' | 'symbol key' | 'object'; entries: [string, Recipe][] }
  | { t: 'array'; items: Recipe[] }
  | { t: 'deep'; levels: number; inner: Recipe };

const recipe: fc.Arbitrary<Recipe> = fc.letrec<{ r: Recipe }>((tie) => ({
  r: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.jsonValue({ maxDepth: 2 }).map((v) => ({ t: 'json', v }) as Recipe),
    fc.record({ t: fc.constantFrom('getter throws' as const, 'toJSON throws' as const), thrown }),
    fc.record({ t: fc.constant('trap throws' as const), trap: fc.constantFrom(...TRAPS), thrown, inner: tie('r') }),
    fc.constantFrom<Recipe>({ t: 'revoked' }, { t: 'conversions throw' }, { t: 'bigint' }, { t: 'nan' }, { t: 'function' }, { t: 'symbol' }, { t: 'cycle' }),
    fc.record({ t: fc.constant('toJSON' as const), inner: tie('r') }),
    fc.record({ t: fc.constant('boxed' as const), v: fc.oneof(fc.string(), fc.double(), fc.boolean()) }),
    fc.record({
      t: fc.constantFrom('null prototype' as const, 'symbol key' as const, 'object' as const),
      entries: fc.array(fc.tuple(fc.string({ maxLength: 6 }), tie('r')), { maxLength: 3 }),
    }),
    fc.record({ t: fc.constant('array' as const), items: fc.array(tie('r'), { maxLength: 3 }) }),
    fc.record({ t: fc.constant('deep' as const), levels: fc.integer({ min: 995, max: 1005 }), inner: tie('r') }),
  ),
})).r;

function build(r: Recipe): unknown {
  switch (r.t) {
    case 'json':
      return structuredClone(r.v);
    case 'getter throws':
      return {
        get value() {
          throw THROWN[r.thrown]!();
        },
      };
    case 'toJSON throws':
      return {
        toJSON: () => {
          throw THROWN[r.thrown]!();
        },
      };
    case 'trap throws': {
      const inner = build(r.inner);
      const target = inner !== null && typeof inner === 'object' ? inner : { inner };
      return new Proxy(target, {
        [r.trap]: () => {
          throw THROWN[r.thrown]!();
        },
      });
    }
    case 'revoked':
      return revoked();
    case 'conversions throw':
      return conversionsThrow();
    case 'bigint':
      return 12n;
    case 'nan':
      return Number.NaN;
    case 'function':
      return () => 'code';
    case 'symbol':
      return Symbol('value');
    case 'cycle': {
      const o: Record<string, unknown> = { a: 1 };
      o.self = { back: o };
      return o;
    }
    case 'toJSON': {
      const inner = build(r.inner);
      return { toJSON: () => inner };
    }
    case 'boxed':
      return Object.assign(Object(r.v), conversionsThrow());
    case 'null prototype':
      return Object.assign(Object.create(null), Object.fromEntries(r.entries.map(([k, v]) => [k, build(v)])));
    case 'symbol key':
      return Object.assign(Object.fromEntries(r.entries.map(([k, v]) => [k, build(v)])), {
        [Symbol('key')]: {
          get x() {
            throw new Error('symbol key read');
          },
        },
      });
    case 'object': {
      const o: Record<string, unknown> = {};
      for (const [k, v] of r.entries) Object.defineProperty(o, k, { value: build(v), enumerable: true, configurable: true, writable: true });
      return o;
    }
    case 'array':
      return r.items.map(build);
    case 'deep': {
      let v = build(r.inner);
      for (let i = 0; i < r.levels; i++) v = [v];
      return v;
    }
  }
}

/** A transport that records what it is handed and answers 201. */
function recordingClient() {
  const sent: HttpRequest[] = [];
  const client = createClient({
    baseUrl: 'http://127.0.0.1:9/v1',
    token: 'svc_test_key',
    retries: 0,
    transport: async (request) => {
      sent.push(request);
      return { status: 201, headers: { 'content-type': 'application/json' }, body: '{"entryId":"ent_1"}' };
    },
  });
  return { client, sent };
}

const idArb = fc.oneof(
  fc.constantFrom('crm_entries_create', 'email_drafts_get').map((id) => ({ t: 'id', id }) as const),
  recipe.map((r) => ({ t: 'hostile', r }) as const),
);
const optionsArb = fc.oneof(
  fc.constant(undefined),
  recipe.map((r) => ({ hostile: r })),
  recipe.map((r) => ({ signal: r })),
);

describe('client.call against hostile arguments', () => {
  it('always resolves; an invalid result sent nothing; anything sent is JSON as read', async () => {
    await fc.assert(
      fc.asyncProperty(idArb, fc.option(recipe), recipe, fc.oneof(fc.constant('deals'), recipe), optionsArb, async (id, input, body, objectName, options) => {
        const { client, sent } = recordingClient();
        const callId = id.t === 'id' ? id.id : build(id.r);
        const callInput =
          input === null ? { objectName: typeof objectName === 'string' ? objectName : build(objectName), draftId: 'dr_1', body: build(body) } : build(input);
        const callOptions = options === undefined ? undefined : 'signal' in options ? { signal: build(options.signal) } : build(options.hostile);
        let result: unknown;
        await expect((async () => (result = await client.call(callId as never, callInput as never, callOptions as never)))()).resolves.toBeDefined();
        const outcome = result as { ok: boolean; error?: { kind: string; message: string } };
        expect(typeof outcome.ok).toBe('boolean');
        if (!outcome.ok && outcome.error!.kind === 'invalid') expect(sent).toEqual([]);
        for (const request of sent) if (request.body !== undefined) expect(JSON.stringify(JSON.parse(request.body))).toBe(request.body);
      }),
      { numRuns: 400 },
    );
  });

  it('reads every property exactly once, and sends exactly what it read', async () => {
    const jsonObject = fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 5 });
    await fc.assert(
      fc.asyncProperty(jsonObject, async (data) => {
        const reads = new Map<object, Map<PropertyKey, number>>();
        const watched = (value: unknown): unknown => {
          if (value === null || typeof value !== 'object') return value;
          const copy: Record<string, unknown> | unknown[] = Array.isArray(value) ? value.map(watched) : {};
          if (!Array.isArray(value))
            for (const key of Object.keys(value))
              Object.defineProperty(copy, key, {
                value: watched((value as Record<string, unknown>)[key]),
                enumerable: true,
                writable: true,
                configurable: true,
              });
          const counts = new Map<PropertyKey, number>();
          reads.set(copy, counts);
          return new Proxy(copy, { get: (target, key, receiver) => (counts.set(key, (counts.get(key) ?? 0) + 1), Reflect.get(target, key, receiver)) });
        };
        const { client, sent } = recordingClient();
        const result = await client.call('crm_entries_create', watched({ objectName: 'deals', body: { data } }) as never);
        expect(result.ok).toBe(true);
        expect(sent.map((request) => request.body)).toEqual([JSON.stringify({ data })]);
        for (const [target, counts] of reads) {
          const keys = Array.isArray(target) ? [...target.keys()].map(String) : Object.keys(target);
          for (const key of keys) expect(counts.get(key), `property ${key}`).toBe(1);
          for (const [key, count] of counts) expect(count, `property ${String(key)}`).toBe(1);
        }
      }),
      { numRuns: 200 },
    );
  });
});

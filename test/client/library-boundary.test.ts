import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/index.js';

// The library's promise, "call never throws and never rejects", against arguments that run the
// caller's code when read: each is read once, into plain data, at the boundary; what cannot be
// read resolves to an `invalid` error, and a real server on 127.0.0.1 counts that nothing came.

let server: Server;
let received: string[] = [];
let url: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push(body);
      res.writeHead(201, { 'content-type': 'application/json' }).end('{"entryId":"ent_1"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  received = [];
});

const client = () => createClient({ baseUrl: url, token: 'svc_test_key', retries: 0 });
const revoked = () => {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
};
const throwing = (thrown: () => unknown) => ({
  get value() {
    throw thrown();
  },
});
/** A value whose every conversion throws, and which throws itself as a thrown value. */
const hostile = () => ({
  toString() {
    throw new Error('toString');
  },
  valueOf() {
    throw new Error('valueOf');
  },
  [Symbol.toPrimitive]() {
    throw new Error('toPrimitive');
  },
});
const create = (body: unknown, more: object = {}) => ({ objectName: 'deals', body, ...more });

describe('hostile arguments resolve to an invalid error, nothing sent', () => {
  it.each<[string, (c: ReturnType<typeof client>) => Promise<unknown>, RegExp]>([
    ['an id whose toString throws', (c) => c.call(hostile() as never, {} as never), /^unknown operation id \(a object, not a string\)/],
    ['a revoked Proxy as the id', (c) => c.call(revoked() as never, {} as never), /^unknown operation id \(a object, not a string\)/],
    ['a symbol as the id', (c) => c.call(Symbol('op') as never, {} as never), /^unknown operation id \(a symbol, not a string\)/],
    ['a revoked Proxy as the input', (c) => c.call('email_drafts_get', revoked() as never), /^email_drafts_get: the input could not be read: /],
    [
      'a path parameter whose toString throws',
      (c) => c.call('email_drafts_get', { draftId: hostile() } as never),
      /^<draftId> must be a string, not an object$/,
    ],
    [
      'a path parameter that is a revoked Proxy',
      (c) => c.call('email_drafts_get', { draftId: revoked() } as never),
      /^email_drafts_get: the input could not be read: .*revoked.* \(at draftId\)$/,
    ],
    [
      'a getter that throws a non-Error',
      (c) => c.call('crm_entries_create', create({ data: throwing(() => 'plain text') }) as never),
      /^crm_entries_create: the input could not be read: plain text \(at body\.data\.value\)$/,
    ],
    [
      'a getter that throws a value whose toString throws',
      (c) => c.call('crm_entries_create', create({ data: throwing(hostile) }) as never),
      /could not be read: it threw an object that is not an Error \(at body\.data\.value\)$/,
    ],
    [
      'a getter that throws a revoked Proxy',
      (c) => c.call('crm_entries_create', create({ data: throwing(revoked) }) as never),
      /could not be read: it threw an object that is not an Error \(at body\.data\.value\)$/,
    ],
    [
      'a getter that throws an Error whose message getter throws',
      (c) =>
        c.call(
          'crm_entries_create',
          create({
            data: throwing(() =>
              Object.defineProperty(new Error(), 'message', {
                get: () => {
                  throw new Error('again');
                },
              }),
            ),
          }) as never,
        ),
      /could not be read: it threw an object that is not an Error \(at body\.data\.value\)$/,
    ],
    ['a revoked Proxy in the body', (c) => c.call('crm_entries_create', create({ data: { n: revoked() } }) as never), /could not be read/],
    [
      'a toJSON that throws a revoked Proxy',
      (c) =>
        c.call(
          'crm_entries_create',
          create({
            data: {
              n: {
                toJSON: () => {
                  throw revoked();
                },
              },
            },
          }) as never,
        ),
      /could not be read: it threw an object/,
    ],
    [
      'a Proxy whose getPrototypeOf throws, thrown',
      (c) =>
        c.call(
          'crm_entries_create',
          create({
            data: throwing(
              () =>
                new Proxy(new Error('x'), {
                  getPrototypeOf() {
                    throw new Error('trap');
                  },
                }),
            ),
          }) as never,
        ),
      /could not be read: it threw an object that is not an Error \(at body\.data\.value\)$/,
    ],
    [
      'a cycle through toJSON',
      (c) => {
        const data: Record<string, unknown> = {};
        data.n = { toJSON: () => data };
        return c.call('crm_entries_create', create({ data }) as never);
      },
      /could not be read: it refers back to itself \(a cycle\), which JSON cannot hold \(at body\.data\.n\)$/,
    ],
    [
      'a body 100 000 levels deep',
      (c) => {
        let deep: unknown = 1;
        for (let i = 0; i < 100_000; i++) deep = [deep];
        return c.call('crm_entries_create', create({ data: { deep } }) as never);
      },
      /nests deeper than 1000 levels/,
    ],
    [
      'a list that claims 2^32 - 1 items',
      (c) =>
        c.call('crm_entries_create', create({ data: { n: new Proxy([], { get: (t, k) => (k === 'length' ? 2 ** 32 - 1 : Reflect.get(t, k)) }) } }) as never),
      /could not be read: its length \(4294967295\) is not that of a list svc can send \(at body\.data\.n\)$/,
    ],
    [
      'options that are a revoked Proxy',
      (c) => c.call('email_drafts_get', { draftId: 'dr_1' }, revoked() as never),
      /^email_drafts_get: the options could not be read: /,
    ],
    [
      'options that are a string',
      (c) => c.call('email_drafts_get', { draftId: 'dr_1' }, 'fast' as never),
      /^email_drafts_get: the options could not be read: they must be an object such as \{ signal \}, not a string$/,
    ],
    [
      'a signal that is a Proxy of an AbortSignal',
      (c) => c.call('email_drafts_get', { draftId: 'dr_1' }, { signal: new Proxy(new AbortController().signal, {}) }),
      /^email_drafts_get: the options could not be read: the signal must be an AbortSignal \(at options\.signal\)$/,
    ],
    [
      'a signal that is a look-alike',
      (c) => c.call('email_drafts_get', { draftId: 'dr_1' }, { signal: { aborted: false, addEventListener() {} } as never }),
      /the signal must be an AbortSignal \(at options\.signal\)$/,
    ],
    [
      'a signal getter that throws',
      (c) =>
        c.call(
          'email_drafts_get',
          { draftId: 'dr_1' },
          {
            get signal(): never {
              throw new Error('sig');
            },
          },
        ),
      /^email_drafts_get: the options could not be read: sig \(at options\.signal\)$/,
    ],
  ])('%s', async (_name, call, message) => {
    const result = await call(client());
    expect(result).toMatchObject({ ok: false, status: 0, error: { kind: 'invalid', message: expect.stringMatching(message) } });
    expect(received).toEqual([]);
  });
});

describe('each argument is read once, and what was checked is what is sent', () => {
  it('a getter that answers differently each time it is read is asked once: the body sent is the one checked', async () => {
    let reads = 0;
    const data = {
      get name() {
        reads++;
        return reads === 1 ? 'Acme' : { toJSON: () => 'sneaked in' };
      },
    };
    const result = await client().call('crm_entries_create', create({ data }) as never);
    expect(result.ok).toBe(true);
    expect(reads).toBe(1);
    expect(received).toEqual(['{"data":{"name":"Acme"}}']);
  });

  it('a body whose validity flips between reads cannot slip an invalid body past the check', async () => {
    let reads = 0;
    const body = {
      get data() {
        reads++;
        return reads === 1 ? 'not an object' : { name: 'Acme' };
      },
    };
    const result = await client().call('crm_entries_create', create(body) as never);
    expect(result).toMatchObject({ ok: false, error: { kind: 'invalid' } });
    expect(reads).toBe(1);
    expect(received).toEqual([]);
  });

  it('null prototypes, Symbol keys, boxed primitives, toJSON and __proto__ are read as JSON reads them', async () => {
    const data = Object.assign(Object.create(null) as Record<string, unknown>, {
      name: new String('Acme'),
      amount: new Number(12),
      when: new Date(0),
      [Symbol('hidden')]: 'not JSON',
    });
    Object.defineProperty(data, '__proto__', { value: 'kept', enumerable: true });
    const boxed = data.name as { valueOf(): unknown };
    boxed.valueOf = () => {
      throw new Error('never asked');
    };
    const result = await client().call('crm_entries_create', create({ data }) as never);
    expect(result.ok).toBe(true);
    expect(received).toEqual(['{"data":{"name":"Acme","amount":12,"when":"1970-01-01T00:00:00.000Z","__proto__":"kept"}}']);
  });

  it('an aborted signal still stops the call, though svc follows it through its own', async () => {
    const controller = new AbortController();
    controller.abort();
    const result = await client().call('email_drafts_get', { draftId: 'dr_1' }, { signal: controller.signal });
    expect(result).toMatchObject({ ok: false, error: { kind: 'transport', failure: 'aborted', sent: false } });
    expect(received).toEqual([]);
  });

  it('a transport that throws a hostile value resolves to a transport error', async () => {
    const c = createClient({
      baseUrl: url,
      token: 'svc_test_key',
      retries: 0,
      transport: () => {
        throw hostile();
      },
    });
    const result = await c.call('email_drafts_get', { draftId: 'dr_1' });
    expect(result).toEqual({
      ok: false,
      status: 0,
      error: { kind: 'transport', failure: 'network', message: 'the transport failed: it threw an object that is not an Error', sent: true },
    });
  });

  it('createClient reads each option once: a baseUrl getter is not asked again at each call', async () => {
    let reads = 0;
    const options = {
      get baseUrl() {
        reads++;
        if (reads > 1) throw new Error('read again');
        return url;
      },
      token: 'svc_test_key',
    };
    const c = createClient(options);
    const results = [await c.call('email_drafts_get', { draftId: 'dr_1' }), await c.call('email_drafts_get', { draftId: 'dr_2' })];
    expect(results.map((r) => r.ok)).toEqual([true, true]);
    expect(reads).toBe(1);
    expect(() => createClient(revoked() as never)).toThrow(/^createClient: the options could not be read: /);
  });
});

// A JavaScript object lists integer-like keys ("1", "2") first, whatever order they were added in,
// so `{"b":1,"2":0,"1":0}` would read back as `{"1":0,"2":0,"b":1}`. svc prints what the service
// sent: an object whose keys were sent in an order a plain object cannot keep is a
// Proxy whose key list is that order. Object.keys, Object.entries, for…in and JSON.stringify all
// ask the Proxy, so every format and every search over it sees the keys as sent.

/**
 * An object holding these entries, its keys listed in their first-seen order (a repeated key keeps
 * its first place and its last value, as JSON.parse does). Every key is an own data property,
 * `__proto__` included. A plain object when its own order is already that order.
 */
export function orderedRecord(entries: Iterable<readonly [string, unknown]>): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  const order: string[] = [];
  for (const [key, value] of entries) {
    if (!Object.hasOwn(record, key)) order.push(key);
    Object.defineProperty(record, key, { value, writable: true, enumerable: true, configurable: true });
  }
  const own = Object.keys(record);
  if (own.every((key, i) => key === order[i])) return record;
  const listing = new Proxy(record, listedInOrder(order));
  listings.add(listing);
  return listing;
}

const listings = new WeakSet<object>();

/** Whether the value is an object orderedRecord made to list its keys itself. */
export const listsOwnKeyOrder = (value: unknown): boolean => typeof value === 'object' && value !== null && listings.has(value);

/** Lists the keys in `order`; a key added later comes after them, a key deleted is left out. */
function listedInOrder(order: readonly string[]): ProxyHandler<Record<string, unknown>> {
  const listed = new Set<string | symbol>(order);
  return {
    ownKeys(target) {
      const added = Reflect.ownKeys(target).filter((key) => !listed.has(key));
      return [...order.filter((key) => Object.hasOwn(target, key)), ...added];
    },
  };
}

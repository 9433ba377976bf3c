/**
 * svc is built as more than one script: dist/cli.cjs, and dist/mcp.cjs, which it loads for `svc mcp`.
 * Each holds its own copy of a class, and a value made by one copy fails `instanceof` against the
 * other: a transport error thrown by the command line's transport into the server's code was not
 * recognised there, and escaped as a protocol error. The classes whose instances cross between
 * scripts carry a brand from the global symbol registry (`Symbol.for`), shared by every copy, and
 * their `instanceof` reads the brand.
 */

/** Marks `value` as an instance of the class `brand` names, in any copy of that class. */
export function setBrand(value: object, brand: symbol): void {
  Object.defineProperty(value, brand, { value: true, enumerable: false });
}

/**
 * `instanceof` for a branded class `base`, as its static `Symbol.hasInstance`: `value instanceof
 * base` holds for an instance of any copy of `base`; for a subclass (`checked` is not `base`), the
 * usual prototype test.
 */
export function isBranded(checked: unknown, base: unknown, brand: symbol, value: unknown): boolean {
  if (checked !== base) return Function.prototype[Symbol.hasInstance].call(checked, value);
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[brand] === true;
}

/** Colour when FORCE_COLOR asks for it, never when NO_COLOR is set, else only on a terminal. */
export function colorEnabled(env: Record<string, string | undefined>, isTTY: boolean): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force !== 'false';
  if (env.NO_COLOR) return false;
  return isTTY && env.TERM !== 'dumb';
}

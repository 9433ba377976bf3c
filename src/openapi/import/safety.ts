import { isIdempotentMethod, SAFETY_VALUES, type Safety } from '../../../registry/define.js';

/** What an operation declares about repeating it, as a registry entry holds it. */
export interface SafetyDecision {
  safety: Safety;
  /** Written only when the method's default (GET, PUT, DELETE: yes; POST, PATCH: no) is not the truth. */
  idempotent?: boolean;
  /** Why, when it had to be guessed: a `// review:` comment on the entry and a report line. */
  guessed?: string;
}

type Node = Record<string, unknown>;

/**
 * The safety of an operation, from the description's own marks, in this order: `x-svc-safety`
 * (safe, idempotent, unsafe, destructive); the hints `x-svc-read-only`, `x-svc-destructive`,
 * `x-svc-idempotent` (booleans, as MCP's readOnlyHint, destructiveHint, idempotentHint); last,
 * the method's meaning in RFC 9110 (GET safe, PUT idempotent, DELETE destructive and idempotent,
 * POST and PATCH unsafe), marked as guessed.
 */
export function safetyOf(operation: Node, method: string): SafetyDecision {
  const declaredIdempotent = typeof operation['x-svc-idempotent'] === 'boolean' ? (operation['x-svc-idempotent'] as boolean) : undefined;
  const declared = operation['x-svc-safety'];
  if (SAFETY_VALUES.includes(declared as Safety)) return settle(declared as Safety, method, declaredIdempotent);
  const readOnly = operation['x-svc-read-only'] === true;
  const destructive = operation['x-svc-destructive'] === true;
  if (readOnly && !destructive) return settle('safe', method, declaredIdempotent);
  if (destructive) return settle('destructive', method, declaredIdempotent);
  if (declaredIdempotent !== undefined) return settle(declaredIdempotent ? 'idempotent' : 'unsafe', method, declaredIdempotent);
  const byMethod: Safety = method === 'GET' ? 'safe' : method === 'PUT' ? 'idempotent' : method === 'DELETE' ? 'destructive' : 'unsafe';
  const note = typeof declared === 'string' ? `x-svc-safety ${JSON.stringify(declared.slice(0, 40))} is not one of ${SAFETY_VALUES.join(', ')}; ` : '';
  return { ...settle(byMethod, method, undefined), guessed: `${note}safety guessed from the method (${method}: ${byMethod})` };
}

/** The idempotent flag the registry's checks require with this safety: stated when the method's default disagrees. */
function settle(safety: Safety, method: string, declared: boolean | undefined): SafetyDecision {
  if (safety === 'destructive') return { safety, idempotent: declared ?? isIdempotentMethod(method) };
  const idempotent = safety !== 'unsafe';
  return idempotent === isIdempotentMethod(method) && declared === undefined ? { safety } : { safety, idempotent };
}

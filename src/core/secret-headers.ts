import { isSecretHeader } from '../../registry/header-params.js';
import type { Secrets } from './context.js';

/**
 * A header parameter that carries a credential (registry/header-params.ts) is a secret from the
 * moment svc reads it: redacted from records, traces and errors, as svc's own credential is.
 */
export function learnSecretHeaders(headers: Readonly<Record<string, unknown>> | undefined, secrets: Pick<Secrets, 'add'> | undefined): void {
  if (!headers || !secrets) return;
  for (const [name, value] of Object.entries(headers)) if (isSecretHeader(name) && typeof value === 'string' && value !== '') secrets.add(value);
}

/**
 * The API key `svc mock` accepts unless told otherwise. It is public by design: the README prints
 * it, and it opens nothing but a local copy of the service. So it is never a secret to redact, even
 * when SERVICE_API_KEY holds it: the mock's banner and `svc mock --help` must show it as it is, for
 * the user to copy (src/auth/redaction.ts leaves it alone).
 */
export const MOCK_API_KEY = 'svc_mock_key';

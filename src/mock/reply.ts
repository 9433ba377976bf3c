/** What a behaviour or a mock route answers: a status and a JSON body (`null` included). */
export interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** One failing field of a request, as listed in `error.details`. */
export interface FieldProblem {
  path: string;
  message: string;
}

// The spec fixes the error shape but not `type` and `code`; these follow the Stripe-like names the
// CLI documents, one type per status class so clients can branch on `type` alone.
const errorTypes: Record<number, { type: string; code: string }> = {
  400: { type: 'invalid_request_error', code: 'invalid_request' },
  401: { type: 'authentication_error', code: 'unauthorized' },
  403: { type: 'permission_error', code: 'forbidden' },
  404: { type: 'not_found_error', code: 'not_found' },
  405: { type: 'invalid_request_error', code: 'method_not_allowed' },
  409: { type: 'conflict_error', code: 'conflict' },
  413: { type: 'invalid_request_error', code: 'payload_too_large' },
  429: { type: 'rate_limit_error', code: 'rate_limited' },
  500: { type: 'api_error', code: 'internal_error' },
  502: { type: 'api_error', code: 'bad_gateway' },
  503: { type: 'api_error', code: 'service_unavailable' },
  504: { type: 'api_error', code: 'gateway_timeout' },
};

/** The standard `type` and `code` for a status; any other 4xx is an invalid request, any other 5xx an api error. */
export function errorKind(status: number): { type: string; code: string } {
  const known = errorTypes[status];
  if (known) return known;
  return status < 500 ? { type: 'invalid_request_error', code: 'invalid_request' } : { type: 'api_error', code: 'internal_error' };
}

/** An error reply in the API's one error shape; `code` defaults to the status's standard code. */
export function failure(status: number, message: string, options: { code?: string; details?: unknown } = {}): Reply {
  const kind = errorKind(status);
  const error: Record<string, unknown> = { message, type: kind.type, code: options.code ?? kind.code };
  if (options.details !== undefined) error.details = options.details;
  return { status, body: { error } };
}

/** A 400 `validation_failed` listing every failing field. */
export function validationFailure(message: string, problems: FieldProblem[]): Reply {
  return failure(400, message, { code: 'validation_failed', details: problems });
}

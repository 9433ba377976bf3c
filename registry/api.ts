/**
 * The Workspace API's own facts (spec: "What the service does", "Versioning"), read by `svc
 * --version`, the OpenAPI export and the base-URL check, so none of them restates the spec.
 */
export const api = {
  title: 'Workspace API',
  /** Version of the API description this registry follows. */
  version: '1.0.0',
  description: 'A versioned HTTP API for a workspace.',
  baseUrl: {
    /** Every path is appended to the base URL, which already holds the major version. */
    versionSegment: '/v1',
    example: 'https://api.example.com/v1',
    description: 'The base address; it already ends in the version segment /v1, and every path is appended to it.',
  },
  /**
   * Whether the service answers 429 Too Many Requests before applying anything, as RFC 6585
   * defines 429, for every operation that does not say otherwise (OperationSpec.throttlesBeforeApplying).
   * Where it does, a write answered 429 is sent again like any retryable failure. The specification
   * shows no rate limits ("Limits: not shown") and says nothing of when 429 comes, so svc does not
   * assume it: a POST answered 429 is not sent again, and its record says it was not applied.
   */
  throttlesBeforeApplying: false as boolean,
} as const;

/** Version of the API description this registry follows. */
export const apiVersion = api.version;

/** Whether a base URL (without a trailing slash) follows the rule: it ends in the version segment. */
export const followsBaseUrlRule = (url: string): boolean => url.replace(/\/+$/, '').endsWith(api.baseUrl.versionSegment);

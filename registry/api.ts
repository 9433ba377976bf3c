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
} as const;

/** Version of the API description this registry follows. */
export const apiVersion = api.version;

/** Whether a base URL (without a trailing slash) follows the rule: it ends in the version segment. */
export const followsBaseUrlRule = (url: string): boolean => url.replace(/\/+$/, '').endsWith(api.baseUrl.versionSegment);

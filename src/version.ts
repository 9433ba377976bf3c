declare const __SVC_VERSION__: string | undefined;

/** The CLI's version, fixed at build time from package.json. */
export const VERSION: string = typeof __SVC_VERSION__ === 'string' ? __SVC_VERSION__ : '0.0.0-dev';

/** The User-Agent of every request svc sends, CLI and library alike. */
export const USER_AGENT = `svc/${VERSION}`;

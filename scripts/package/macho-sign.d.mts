/** `bytes` (a thin 64-bit Mach-O executable) with an ad-hoc signature for `identifier` in place of its own. */
export function adHocSigned(bytes: Buffer, identifier: string): Buffer;
/** Signs the Mach-O executable at `path` ad hoc, in place. */
export function signAdHoc(path: string, identifier: string): void;

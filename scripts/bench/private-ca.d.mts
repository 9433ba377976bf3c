export type CertificateKind = 'trusted' | 'self-signed' | 'unknown-issuer' | 'expired' | 'wrong-name';

export interface Certificates {
  dir: string;
  /** The private CA's certificate, PEM. */
  caFile: string;
  servers: Record<CertificateKind, { key: string; cert: string }>;
  remove(): void;
}

export function hasOpenssl(): boolean;
export function makeCertificates(): Certificates;

export interface DescribedParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: unknown;
  style?: string;
  explode?: boolean;
  /** Where it lives in the description, as a URI fragment pointer. */
  at: string;
}
export interface DescribedOperation {
  id: string;
  method: string;
  path: string;
  matcher: { regex: RegExp; names: string[]; rank: string };
  params: DescribedParameter[];
  body?: { required: boolean; types: string[]; schemaAt?: string };
}
export interface RequestCheck {
  operationId: string | undefined;
  errors: string[];
}
export interface RequestValidator {
  operations: DescribedOperation[];
  check(dryRunText: string, options: { baseUrl: string }): RequestCheck;
}
export function createRequestValidator(text: string): RequestValidator;
export function pointer(...segments: (string | number)[]): string;
export function valueAt(document: unknown, at: string): unknown;
export function follow(document: unknown, value: unknown, at: string): { value: unknown; at: string };
export function matchOperation(operations: DescribedOperation[], method: string, path: string): DescribedOperation | undefined;

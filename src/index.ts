// First: a Node.js that is too old stops here, with a sentence saying what to do.
import './node-version.js';
export { createClient } from './core/client.js';
export type {
  Client,
  ClientOptions,
  CallInput,
  BodyOf,
  ParamsOf,
  QueryOf,
  HeadersOf,
  ResponseOf,
  BatchOptions,
  BatchRecord,
  WaitOptions,
  WaitResult,
  UntypedCallInput,
} from './core/client.js';
export type { CallError, CallResult, Issue, Throttling } from './client/result.js';
export type { Clock } from './clock.js';
export type { RetryOptions } from './client/retry.js';
export type { HttpRequest, HttpResponse, Transport } from './client/transport.js';
export { TransportError } from './client/transport.js';
export { ProxySettingError } from './proxy-url.js';
export { registry, api, apiVersion, ErrorBody, defineOperations, combineOperations, isIdempotent, operationFields, rulesOf } from '../registry/index.js';
export type { OperationId, OperationSpec, Registry, FieldDoc, FieldRule } from '../registry/index.js';

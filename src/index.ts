export { createClient } from './client/client.js';
export type { Client, ClientOptions, CallInput, BodyOf, ParamsOf, ResponseOf } from './client/client.js';
export type { CallError, CallResult, Issue } from './client/result.js';
export type { Clock, RetryOptions } from './client/retry.js';
export type { HttpRequest, HttpResponse, Transport } from './client/transport.js';
export { TransportError } from './client/transport.js';
export { registry, apiVersion, ErrorBody, defineOperations, combineOperations } from '../registry/index.js';
export type { OperationId, OperationSpec, Registry } from '../registry/index.js';

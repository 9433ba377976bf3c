import type * as z from 'zod/v4/core';
import type { OperationId, PathParamNames, Registry } from '../../../registry/index.js';
import type { Reply } from '../reply.js';
import type { MockStore } from '../state.js';

/** The body an operation's behaviour receives: the output of its registry schema, already validated. */
export type BodyOf<Id extends OperationId> = Registry[Id] extends { body: infer B extends z.$ZodType } ? z.output<B> : undefined;

/** Decoded path parameters, named from the registry path. */
export type ParamsOf<Id extends OperationId> = Record<PathParamNames<Registry[Id]['path']>, string>;

/** What one operation does to the workspace; routing, auth and validation happened before it runs. */
export type Behaviour<Id extends OperationId> = (store: MockStore, params: ParamsOf<Id>, body: BodyOf<Id>, query: Record<string, unknown>) => Reply;

/** One behaviour per registry operation: a new operation without one is a type error. */
export type Behaviours = { [Id in OperationId]: Behaviour<Id> };

import type * as z from 'zod/v4/core';
import type { ImportedOperationId, OperationId, PathParamNames, Registry } from '../../../registry/index.js';
import type { Reply } from '../reply.js';
import type { MockStore } from '../state.js';

/** The body an operation's behaviour receives: the output of its registry schema, already validated. */
export type BodyOf<Id extends OperationId> = Registry[Id] extends { body: infer B extends z.$ZodType } ? z.output<B> : undefined;

/** Decoded path parameters, named from the registry path. */
export type ParamsOf<Id extends OperationId> = Record<PathParamNames<Registry[Id]['path']>, string>;

/** What one operation does to the workspace; routing, auth and validation happened before it runs. */
export type Behaviour<Id extends OperationId> = (store: MockStore, params: ParamsOf<Id>, body: BodyOf<Id>, query: Record<string, unknown>) => Reply;

/**
 * One behaviour per hand-written operation: a new one without its behaviour is a type error. An
 * imported operation (registry/imported/) may have one; without it, the mock answers with a value
 * generated from its response schema (src/mock/generated-answer.ts), so an import type-checks and
 * is served as it is.
 */
export type Behaviours = { [Id in Exclude<OperationId, ImportedOperationId>]: Behaviour<Id> } & {
  [Id in ImportedOperationId]?: Behaviour<Id>;
};

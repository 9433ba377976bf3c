import type { areas } from './areas.js';
import { campaigns } from './campaigns.js';
import { crm } from './crm.js';
import { combineOperations } from './define.js';
import { email } from './email.js';
import { files } from './files.js';
import { imported } from './imported/operations.js';

export { ErrorBody } from './errors.js';
export { api, apiVersion } from './api.js';
export { areas } from './areas.js';
export { loadAllOperations } from './all-areas.js';
export { securitySchemes } from './security.js';
export { defineOperations, combineOperations, pathParamNames, areaOf, isIdempotent, SAFETY_VALUES } from './define.js';
export { operationFields, type FieldDoc, type FieldKind } from './fields.js';
export { rulesOf, ruleText, type FieldRule } from './rules.js';
export type { OperationSpec, Operations, HttpMethod, PathParamNames, ErrorDoc, Safety } from './define.js';

/**
 * Every operation of the Workspace API that svc describes, by operation id, for the library (one
 * synchronous object). The areas are declared in registry/areas.ts; the type below refuses a
 * registry whose areas differ from them, and test/registry.test.ts checks the operations match.
 * The imported areas (registry/imported/, written by `npm run registry:import`) are joined last.
 */
// Typed by name, not inferred: a declaration file would otherwise spell out every operation's type,
// which a thousand imported operations make longer than TypeScript writes (TS7056).
export const registry: typeof email & typeof crm & typeof campaigns & typeof files & typeof imported = combineOperations(
  email,
  crm,
  campaigns,
  files,
  imported,
);

/**
 * The Workspace API's own operations, the hand-written areas without the imported ones: what the
 * spec describes, and what the tests that pin it (the six operations, the MCP tools' snapshot and
 * budget) read, so they still hold after `npm run registry:import` adds an area.
 */
export const workspace: typeof email & typeof crm & typeof campaigns & typeof files = combineOperations(email, crm, campaigns, files);

export type Registry = typeof registry;
export type OperationId = keyof Registry;
/** The operations `npm run registry:import` wrote: the mock may have no behaviour for them (src/mock/behaviour/behaviour.ts). */
export type ImportedOperationId = keyof typeof imported & OperationId;

type AreaOfId<Id> = Id extends `${infer Area}_${string}` ? Area : never;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Fails to compile when an area of registry/areas.ts has no operation here, or an operation's area is not declared there. */
const areasAgree: Same<AreaOfId<OperationId>, keyof typeof areas> = true;
void areasAgree;

import { campaigns } from './campaigns.js';
import { crm } from './crm.js';
import { combineOperations } from './define.js';
import { email } from './email.js';
import { files } from './files.js';

export { ErrorBody } from './errors.js';
export { apiVersion, areas } from './areas.js';
export { securitySchemes } from './security.js';
export { defineOperations, combineOperations, pathParamNames } from './define.js';
export type { OperationSpec, Operations, HttpMethod, PathParamNames } from './define.js';

/** Every operation of the Workspace API that svc describes, by operation id. */
export const registry = combineOperations(email, crm, campaigns, files);

export type Registry = typeof registry;
export type OperationId = keyof Registry;

import type { Operations } from './define.js';
import { importedAreas } from './imported/index.js';

export interface AreaEntry {
  summary: string;
  /** Loads only this area's operations, so start-up does not grow with the registry. */
  load(): Promise<Operations>;
}

/**
 * The areas of the registry, declared once: each area's command word (the first word of its
 * operation ids), its summary and its module, loaded on demand. The CLI's command tree, `svc ops`,
 * completion, the export and the mock read the operations through here; the library's static
 * `registry` (registry/index.ts) is checked against it by type and by test/registry.test.ts.
 * The areas imported from OpenAPI descriptions (`npm run registry:import`) follow the hand-written ones.
 */
export const areas = {
  campaigns: { summary: 'Campaign sequences and their people', load: async () => (await import('./campaigns.js')).campaigns },
  crm: { summary: 'CRM objects, entries and task series', load: async () => (await import('./crm.js')).crm },
  email: { summary: 'Email drafts and managed campaign templates', load: async () => (await import('./email.js')).email },
  files: { summary: 'Workspace files and directories', load: async () => (await import('./files.js')).files },
  ...importedAreas,
} satisfies Record<string, AreaEntry>;

import type { Operations } from './define.js';

/** Version of the API description this registry follows. */
export const apiVersion = '1.0.0';

export interface AreaEntry {
  summary: string;
  /** Loads only this area's operations, so start-up does not grow with the registry. */
  load(): Promise<Operations>;
}

/** The areas that have operations in the registry, each loaded on demand. */
export const areas: Record<string, AreaEntry> = {
  campaigns: { summary: 'Campaign sequences and their people', load: async () => (await import('./campaigns.js')).campaigns },
  crm: { summary: 'CRM objects, entries and task series', load: async () => (await import('./crm.js')).crm },
  email: { summary: 'Email drafts and managed campaign templates', load: async () => (await import('./email.js')).email },
  files: { summary: 'Workspace files and directories', load: async () => (await import('./files.js')).files },
};

// A consumer project of the svc library, as a user would write it: ES modules, nodenext, strict.

export const consumerPackage = { name: 'svc-consumer', private: true, type: 'module' };

export const consumerTsconfig = {
  compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', target: 'es2023', lib: ['es2023', 'dom'], strict: true, types: [], noEmit: true },
  files: ['good.ts', 'misspelt.ts'],
};

/** Must type-check, and prints what it read: the base URL is argv[2], the key SERVICE_API_KEY. */
export const goodFile = `import { createClient } from '@svc-cli/svc';

declare const process: { argv: string[]; env: Record<string, string | undefined> };

const client = createClient({ baseUrl: process.argv[2]!, token: process.env.SERVICE_API_KEY });
const result = await client.call('email_drafts_get', { draftId: 'dr_123' });
const waited = await client.waitFor('email_drafts_get', { draftId: 'dr_456' }, { until: (data) => data.syncStatus === 'synced', interval: 0.1 });
if (result.ok) {
  const status: string = result.data.syncStatus;
  // @ts-expect-error the registry types syncStatus as a string: were data \`any\`, this line would fail
  const asNumber: number = result.data.syncStatus;
  const synced = waited.ok ? waited.data.revision : waited.error.kind;
  console.log(JSON.stringify({ draftId: result.data.draftId, status, asNumber, wait: [waited.outcome, waited.polls, synced] }));
} else {
  console.log(JSON.stringify({ error: result.error.kind }));
}
`;

/** The same call with the parameter misspelt: must not type-check. */
export const misspeltFile = goodFile.replace("{ draftId: 'dr_123' }", "{ draftID: 'dr_123' }");

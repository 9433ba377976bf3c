import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useMockForSvc } from '../support/mock-for-svc.js';
import { runSvc } from '../support/svc.js';
import { tempFolder } from '../support/temp-folder.js';

// A field named like a JavaScript object's own property is a field like any other:
// README says no value is ever dropped, so the server must receive it, whichever way it was given.
const mock = useMockForSvc();
const keys = ['__proto__', 'constructor', 'toString', 'hasOwnProperty'];

const ways = (key: string, folder: string): [string, string[], string?][] => {
  const csv = join(folder, 'entries.csv');
  writeFileSync(csv, `objectName,data.${key},data.name\ndeals,x,Acme\n`);
  return [
    ['--data', ['crm', 'entries', 'create', 'deals', '--data', `${key}=x`, '--data', 'name=Acme']],
    ['--body', ['crm', 'entries', 'create', 'deals', '--body', JSON.stringify({ data: { [key]: 'x', name: 'Acme' } })]],
    ['an NDJSON line', ['crm', 'entries', 'create', '--input', '-'], `{"objectName":"deals","data":{"${key}":"x","name":"Acme"}}\n`],
    ['a CSV column', ['crm', 'entries', 'create', '--input', csv]],
  ];
};

describe.each(keys)('a data field named %s', (key) => {
  it('reaches the server from --data, --body, an NDJSON line and a CSV column', async () => {
    for (const [way, argv, input] of ways(key, tempFolder('svc-proto-'))) {
      mock.server.reset();
      const run = await runSvc(argv, { env: mock.env, input });
      // The mock knows the fields of deals, so it refuses the key by name (exit 1): proof it arrived.
      expect(run.stdout.replaceAll('\\"', '"') + run.stderr, way).toContain(`data.${key}: unknown field "${key}"`); // a batch record escapes quotes
      expect(mock.server.requests, way).toHaveLength(1);
      const sent = JSON.parse(mock.server.requests[0]!.body) as { data: Record<string, unknown> };
      expect(Object.hasOwn(sent.data, key) && sent.data[key], way).toBe('x');
      expect(Object.keys(sent.data).sort(), way).toEqual([key, 'name'].sort());
    }
  });
});

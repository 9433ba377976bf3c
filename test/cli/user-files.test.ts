import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/run.js';
import { createFakeContext, json, sentRequest } from '../support/fake-context.js';

// Every file a user names reaches a command through the context (gh's IOStreams.ReadUserFile), so
// these tests hand svc its files in memory: nothing here touches the disk.
const BASE = 'http://127.0.0.1:4010/v1';
const SECRET = 'sk_test_1234567890';

describe("the user's files come through the context", () => {
  it('--body @file reads the named file', async () => {
    const fake = createFakeContext({ respond: () => json(201, { entryId: 'ent_1' }), files: { 'deal.json': '{"data": {"name": "Acme"}}' } });
    expect(await run(['crm', 'entries', 'create', 'deals', '--body', '@deal.json'], fake.ctx)).toBe(0);
    expect(fake.requests.map(sentRequest)).toMatchObject([{ method: 'POST', url: `${BASE}/crm/objects/deals/entries`, body: { data: { name: 'Acme' } } }]);
  });

  it('a file that cannot be read is one line, exit 2, nothing sent', async () => {
    const fake = createFakeContext({ files: {} });
    expect(await run(['crm', 'entries', 'create', 'deals', '--body', '@missing.json'], fake.ctx)).toBe(2);
    expect(fake.err()).toBe('svc: --body: cannot read missing.json: no such file\n');
    expect(fake.requests).toEqual([]);
  });

  it('--input reads the lines from the named file and --rejects gets each failed line, verbatim', async () => {
    const lines = '{"sequenceId":"seq_1","email":"a@x.io"}\n{"sequenceId":"seq_1","email":"nope"}\n';
    const fake = createFakeContext({ respond: () => json(201, { enrollmentId: 'enr_1' }), files: { 'leads.ndjson': lines } });
    expect(await run(['campaigns', 'person', 'add', '--input', 'leads.ndjson', '--rejects', 'rejects.ndjson'], fake.ctx)).toBe(1);
    expect(fake.requests.map((r) => r.url)).toEqual([`${BASE}/campaigns/seq_1/person`]);
    expect(fake.file('rejects.ndjson')).toBe('{"sequenceId":"seq_1","email":"nope"}\n');
  });

  it('a CSV input names its columns in its header, read from the named file', async () => {
    const fake = createFakeContext({
      respond: () => json(201, { enrollmentId: 'enr_1' }),
      files: { 'leads.csv': 'sequenceId,email\nseq_1,a@x.io\n', 'rejects.csv': 'old' },
    });
    expect(await run(['campaigns', 'person', 'add', '--input', 'leads.csv', '--rejects', 'rejects.csv'], fake.ctx)).toBe(0);
    expect(fake.requests.map(sentRequest)).toMatchObject([{ body: { email: 'a@x.io' } }]);
    expect(fake.file('rejects.csv')).toBe('sequenceId,email\n'); // emptied, header first: a valid input with no rows
  });

  it('--save-html writes the named file, redacted of every known secret', async () => {
    const html = `<p>key ${SECRET}</p>`;
    const fake = createFakeContext({ respond: () => json(200, { subject: 'Hi', htmlBody: html, variableNames: [] }), files: {} });
    expect(await run(['email', 'templates', 'preview', 'tpl_1', '--data', 'name=Ada', '--save-html', 'p.html'], fake.ctx)).toBe(0);
    expect(fake.err()).toBe(`svc: wrote htmlBody (${html.length} bytes) to p.html\n`);
    expect(fake.file('p.html')).toBe('<p>key ********</p>');
  });
});

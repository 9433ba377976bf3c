import { describe, expect, it } from 'vitest';
import { useMockSession } from './mock-session.js';

const mock = useMockSession();

describe('email drafts get', () => {
  it('returns the stored draft with the fixed fields and its eligible senders', async () => {
    const answer = await mock.call('GET', '/v1/email/drafts/dr_123');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/json');
    expect(answer.json).toMatchObject({ ok: true, kind: 'email', draftId: 'dr_123', syncStatus: 'synced', revision: 3 });
    expect(answer.json.senders.map((s: { email: string }) => s.email)).toEqual(['ada@example.com', 'team@example.com']);
    expect(Object.keys(answer.json).slice(0, 3)).toEqual(['ok', 'kind', 'draftId']);
  });

  it('answers 404 not_found for an unknown draft, and for an inherited property name', async () => {
    for (const id of ['dr_999', 'constructor']) {
      const answer = await mock.call('GET', `/v1/email/drafts/${id}`);
      expect(answer.status).toBe(404);
      expect(answer.json).toEqual({
        error: { message: `No email draft "${id}" exists.`, type: 'not_found_error', code: 'not_found' },
      });
    }
  });

  it('decodes a percent-encoded path parameter before looking it up', async () => {
    const answer = await mock.call('GET', '/v1/email/drafts/dr%5F123');
    expect(answer.json.draftId).toBe('dr_123');
    expect(mock.server().requests.at(-1)?.path).toBe('/v1/email/drafts/dr%5F123');
  });
});

describe('email templates preview', () => {
  const preview = (templateId: string, data: Record<string, unknown>) => mock.call('POST', `/v1/email/templates/${templateId}/preview`, { body: { data } });

  it('renders placeholders (spaces inside braces allowed) and lists each variable once', async () => {
    const answer = await preview('tpl_welcome', { firstName: 'Ada', company: 'Acme' });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      subject: 'Welcome, Ada',
      htmlBody: '<p>Hi Ada,</p><p>Welcome to Acme. Reply any time, Ada.</p>',
      variableNames: ['firstName', 'company'],
    });
  });

  it('escapes values in htmlBody but not in the plain-text subject', async () => {
    const answer = await preview('tpl_welcome', { firstName: `<b>"A&B'</b>`, company: '<script>x</script>' });
    expect(answer.json.subject).toBe(`Welcome, <b>"A&B'</b>`);
    expect(answer.json.htmlBody).toBe(
      '<p>Hi &lt;b&gt;&quot;A&amp;B&#39;&lt;/b&gt;,</p><p>Welcome to &lt;script&gt;x&lt;/script&gt;. ' +
        'Reply any time, &lt;b&gt;&quot;A&amp;B&#39;&lt;/b&gt;.</p>',
    );
  });

  it('renders a missing variable as the empty string and a number as its digits', async () => {
    const answer = await preview('tpl_followup', { topic: 42 });
    expect(answer.json.subject).toBe('Following up on 42');
    expect(answer.json.htmlBody).toBe('<p>Hello ,</p><p>Any thoughts on 42?</p>');
    expect(answer.json.variableNames).toEqual(['topic', 'firstName']);
  });

  it('answers 404 for an unknown template', async () => {
    const answer = await preview('tpl_nope', {});
    expect(answer.status).toBe(404);
    expect(answer.json.error).toEqual({ message: 'No email template "tpl_nope" exists.', type: 'not_found_error', code: 'not_found' });
  });

  it('answers 400 validation_failed when data is missing or a field is unknown', async () => {
    const answer = await mock.call('POST', '/v1/email/templates/tpl_welcome/preview', { body: { dat: {} } });
    expect(answer.status).toBe(400);
    expect(answer.json.error.type).toBe('invalid_request_error');
    expect(answer.json.error.code).toBe('validation_failed');
    expect(answer.json.error.details).toEqual([
      { path: 'data', message: 'Invalid input: expected record, received undefined' },
      { path: 'dat', message: 'unknown field' },
    ]);
  });
});

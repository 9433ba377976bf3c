import * as z from 'zod/mini';
import './zod-messages.js';
import { defineOperations } from './define.js';

/** The draft read result; extra fields (eligible senders and more) are kept, not stripped. */
export const EmailDraft = z.looseObject({
  ok: z.boolean().check(z.describe('success flag of the read')),
  kind: z.literal('email').check(z.describe('always the constant email')),
  draftId: z.string().check(z.describe('identifier of the draft')),
  syncStatus: z.string().check(z.describe('provider sync status of the draft; its values are not listed')),
  revision: z.number().check(z.describe('revision of the draft')),
});

export const TemplatePreviewBody = z.strictObject({
  data: z
    .record(z.string(), z.unknown())
    .check(z.describe('personalization values keyed by variable name, used for the {{variable}} placeholders of the template')),
});

export const TemplatePreview = z.looseObject({
  subject: z.string().check(z.describe('the subject, rendered')),
  htmlBody: z.string().check(z.describe('the body, rendered as HTML')),
  variableNames: z.array(z.string()).check(z.describe('the names of the variables used; their order is not specified')),
});

export const email = defineOperations({
  email_drafts_get: {
    method: 'GET',
    path: '/email/drafts/{draftId}',
    summary: 'Read an email draft, eligible senders and provider sync status',
    args: ['draftId'],
    params: z.strictObject({ draftId: z.string().check(z.describe('identifier of the draft')) }),
    response: EmailDraft,
    safety: 'safe',
    examples: ['svc email drafts get dr_123'],
    status: 200,
    errors: { 400: 'Invalid request', 401: 'Missing or invalid authentication', 404: 'Operation or resource not found', 500: 'Server error' },
  },
  email_templates_preview: {
    method: 'POST',
    path: '/email/templates/{templateId}/preview',
    summary: 'Preview a managed email campaign template',
    args: ['templateId'],
    params: z.strictObject({ templateId: z.string().check(z.describe('identifier of the managed email campaign template')) }),
    body: TemplatePreviewBody,
    response: TemplatePreview,
    // Rendering has no side effect: sending it twice is sending it once, so a lost answer is retried.
    safety: 'safe',
    idempotent: true,
    errors: { unlisted: 'four error bodies of the standard shape; their statuses are not documented' },
    examples: [
      'svc email templates preview tpl_welcome --data firstName=Ada --data company=Acme',
      'svc email templates preview tpl_welcome --data firstName=Ada --save-html preview.html',
    ],
    display: { fields: { subject: 'Subject', variableNames: 'Variables used' }, html: 'htmlBody' },
    saveField: { flag: 'save-html', field: 'htmlBody', help: 'write the rendered HTML body to this file, to open in a browser' },
  },
});

import { failure } from '../reply.js';
import { findById } from '../state.js';
import type { Behaviour } from './behaviour.js';
import { escapeHtml, fillPlaceholders, placeholderNames, plainText } from './placeholders.js';

const readDraft: Behaviour<'email_drafts_get'> = (store, { draftId }) => {
  const stored = findById(store.state.drafts, draftId);
  if (!stored) return failure(404, `No email draft "${draftId}" exists.`);
  // A pending draft syncs after some reads or some time (svc mock --sync-after).
  store.sync.read(draftId, stored);
  // The fixed fields lead the object and win over a fixture that set them differently.
  const fixed = { ok: true, kind: 'email', draftId };
  return { status: 200, body: Object.assign({ ...fixed }, stored, fixed) };
};

const previewTemplate: Behaviour<'email_templates_preview'> = (store, { templateId }, { data }) => {
  const template = findById(store.state.templates, templateId);
  if (!template) return failure(404, `No email template "${templateId}" exists.`);
  return {
    status: 200,
    body: {
      subject: fillPlaceholders(template.subject, data, plainText),
      htmlBody: fillPlaceholders(template.htmlBody, data, escapeHtml),
      variableNames: placeholderNames(template.subject, template.htmlBody),
    },
  };
};

export const emailBehaviour = {
  email_drafts_get: readDraft,
  email_templates_preview: previewTemplate,
};

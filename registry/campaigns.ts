import * as z from 'zod/mini';
import './zod-messages.js';
import { defineOperations } from './define.js';
import { atLeastOneOf } from './rules.js';

const nonEmpty = () => z.string().check(z.minLength(1));

/** Meanings from the spec ("Add one person to a campaign"); a person needs an email or a LinkedIn URL. */
export const CampaignPersonBody = atLeastOneOf(
  z.strictObject({
    displayName: z.optional(nonEmpty().check(z.describe('display name of the person'))),
    email: z.optional(z.email().check(z.describe('e-mail address of the person'))),
    linkedinProfileUrl: z.optional(z.url({ protocol: /^https?$/ }).check(z.describe('LinkedIn profile URL of the person'))),
    entryId: z.optional(nonEmpty().check(z.describe('CRM entry identifier'))),
    sourceEntryId: z.optional(nonEmpty().check(z.describe('identifier of the source entry'))),
    sourceObjectName: z.optional(nonEmpty().check(z.describe('name of the source CRM object'))),
    personalization: z.optional(z.record(z.string(), z.unknown()).check(z.describe('free-form personalization data'))),
    checkDuplicatesAcrossWorkspace: z.optional(z.boolean().check(z.describe('whether duplicates are checked across the whole workspace'))),
  }),
  ['email', 'linkedinProfileUrl'],
  'a person needs an email or a LinkedIn profile URL (or both)',
);

export const CampaignEnrollment = z.looseObject({
  enrollmentId: z.string().check(z.describe('identifier of the enrollment, created when the person is added to the campaign')),
});

export const campaigns = defineOperations({
  campaigns_person_add: {
    method: 'POST',
    path: '/campaigns/{sequenceId}/person',
    summary: 'Add one person to a campaign by email and/or LinkedIn profile URL',
    args: ['sequenceId'],
    params: z.strictObject({ sequenceId: z.string().check(z.describe('identifier of the campaign (a sequence) to add the person to')) }),
    body: CampaignPersonBody,
    response: CampaignEnrollment,
    safety: 'unsafe',
    errors: { unlisted: 'four error bodies of the standard shape; their statuses are not documented' },
    examples: [
      'svc campaigns person add seq_123 --email ada@example.com --display-name "Ada Lovelace"',
      'svc campaigns person add seq_123 --linkedin-profile-url https://www.linkedin.com/in/ada --personalization company=Acme',
    ],
  },
});

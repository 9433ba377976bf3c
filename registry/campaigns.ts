import { z } from 'zod';
import { defineOperations } from './define.js';

/** A person is identified by an email and/or a LinkedIn profile URL: at least one is required. */
export const CampaignPersonBody = z
  .strictObject({
    displayName: z.string().min(1).optional(),
    email: z.email().optional(),
    linkedinProfileUrl: z.url({ protocol: /^https?$/ }).optional(),
    entryId: z.string().min(1).optional(),
    sourceEntryId: z.string().min(1).optional(),
    sourceObjectName: z.string().min(1).optional(),
    personalization: z.record(z.string(), z.unknown()).optional(),
    checkDuplicatesAcrossWorkspace: z.boolean().optional(),
  })
  .refine((person) => person.email !== undefined || person.linkedinProfileUrl !== undefined, {
    message: 'a person needs an email or a LinkedIn profile URL (or both)',
    path: ['email'],
  })
  // The refinement above, in JSON Schema words, for `svc ops` and the OpenAPI export.
  .meta({ anyOf: [{ required: ['email'] }, { required: ['linkedinProfileUrl'] }] });

export const CampaignEnrollment = z.looseObject({ enrollmentId: z.string() });

export const campaigns = defineOperations({
  campaigns_person_add: {
    area: 'campaigns',
    method: 'POST',
    path: '/campaigns/{sequenceId}/person',
    summary: 'Add one person to a campaign by email and/or LinkedIn profile URL',
    args: ['sequenceId'],
    body: CampaignPersonBody,
    response: CampaignEnrollment,
    examples: [
      'svc campaigns person add seq_123 --email ada@example.com --display-name "Ada Lovelace"',
      'svc campaigns person add seq_123 --linkedin-profile-url https://www.linkedin.com/in/ada --personalization company=Acme',
    ],
  },
});

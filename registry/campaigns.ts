import * as z from 'zod/mini';
import './zod-messages.js';
import { defineOperations } from './define.js';

const nonEmpty = () => z.string().check(z.minLength(1));

/** A person is identified by an email and/or a LinkedIn profile URL: at least one is required. */
export const CampaignPersonBody = z
  .strictObject({
    displayName: z.optional(nonEmpty()),
    email: z.optional(z.email()),
    linkedinProfileUrl: z.optional(z.url({ protocol: /^https?$/ })),
    entryId: z.optional(nonEmpty()),
    sourceEntryId: z.optional(nonEmpty()),
    sourceObjectName: z.optional(nonEmpty()),
    personalization: z.optional(z.record(z.string(), z.unknown())),
    checkDuplicatesAcrossWorkspace: z.optional(z.boolean()),
  })
  .check(
    z.refine((person) => person.email !== undefined || person.linkedinProfileUrl !== undefined, {
      message: 'a person needs an email or a LinkedIn profile URL (or both)',
      path: ['email'],
    }),
  )
  // The refinement above, in JSON Schema words, for `svc ops` and the OpenAPI export.
  .register(z.globalRegistry, { anyOf: [{ required: ['email'] }, { required: ['linkedinProfileUrl'] }] });

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

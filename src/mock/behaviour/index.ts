import { campaignsBehaviour } from './campaigns.js';
import { crmBehaviour } from './crm.js';
import { emailBehaviour } from './email.js';
import { filesBehaviour } from './files.js';
import type { Behaviours } from './behaviour.js';

/** What each registry operation does in the mock, by operation id. */
export const behaviours: Behaviours = {
  ...emailBehaviour,
  ...crmBehaviour,
  ...campaignsBehaviour,
  ...filesBehaviour,
};

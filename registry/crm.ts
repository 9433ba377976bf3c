import * as z from 'zod/mini';
import './zod-messages.js';
import { defineOperations } from './define.js';

const UNLISTED_ERRORS = { unlisted: 'four error bodies of the standard shape; their statuses are not documented' };

/**
 * Entry values by field name. A user field holds one member userId or an array of them, and every
 * assignee given must be kept, so values pass through untouched.
 */
export const CrmEntryBody = z.strictObject({
  data: z
    .record(z.string(), z.unknown())
    .check(z.describe('entry values by field name; a user field takes one userId or an array of userIds, and every assignee is kept')),
});

export const CrmEntryCreated = z.looseObject({ entryId: z.string().check(z.describe('identifier of the created entry')) });

/** Each occurrence of a task series is a task; its fields are not specified. */
export const TaskOccurrences = z
  .array(z.looseObject({}))
  .check(z.describe('one object per occurrence; each occurrence is a task, and its fields are not specified'));

export const crm = defineOperations({
  crm_entries_create: {
    method: 'POST',
    path: '/crm/objects/{objectName}/entries',
    summary: 'Create a CRM entry',
    args: ['objectName'],
    params: z.strictObject({ objectName: z.string().check(z.describe('the CRM object the entry is created in')) }),
    body: CrmEntryBody,
    response: CrmEntryCreated,
    safety: 'unsafe',
    errors: UNLISTED_ERRORS,
    examples: [
      'svc crm entries create deals --data name="Acme renewal" --data amount:=12000',
      'svc crm entries create deals --data assignees=usr_1 --data assignees=usr_2',
    ],
  },
  crm_tasks_series_occurrences_list: {
    method: 'GET',
    path: '/crm/tasks/series/{seriesId}/occurrences',
    summary: 'List every occurrence of one task series',
    args: ['seriesId'],
    params: z.strictObject({ seriesId: z.string().check(z.describe('identifier of the task series')) }),
    response: TaskOccurrences,
    safety: 'safe',
    errors: UNLISTED_ERRORS,
    // cursor: { param: '?', next: '?' }, // the spec does not show how this list is paged; declare its cursor here once it does
    examples: ['svc crm tasks series occurrences list ser_weekly', 'svc crm tasks series occurrences list ser_weekly --paginate --output ndjson'],
  },
});

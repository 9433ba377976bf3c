import * as z from 'zod/mini';
import './zod-messages.js';
import { defineOperations } from './define.js';

/**
 * Entry values by field name. A user field holds one member userId or an array of them, and every
 * assignee given must be kept, so values pass through untouched.
 */
export const CrmEntryBody = z.strictObject({
  data: z.record(z.string(), z.unknown()),
});

export const CrmEntryCreated = z.looseObject({ entryId: z.string() });

/** Each occurrence of a task series is a task; its fields are not specified. */
export const TaskOccurrences = z.array(z.looseObject({}));

export const crm = defineOperations({
  crm_entries_create: {
    area: 'crm',
    method: 'POST',
    path: '/crm/objects/{objectName}/entries',
    summary: 'Create a CRM entry',
    args: ['objectName'],
    body: CrmEntryBody,
    response: CrmEntryCreated,
    examples: [
      'svc crm entries create deals --data name="Acme renewal" --data amount:=12000',
      'svc crm entries create deals --data assignees=usr_1 --data assignees=usr_2',
    ],
  },
  crm_tasks_series_occurrences_list: {
    area: 'crm',
    method: 'GET',
    path: '/crm/tasks/series/{seriesId}/occurrences',
    summary: "List every occurrence of one task series",
    args: ['seriesId'],
    response: TaskOccurrences,
    examples: ['svc crm tasks series occurrences list ser_weekly'],
  },
});

import { failure, validationFailure } from '../reply.js';
import { findById } from '../state.js';
import type { Behaviour } from './behaviour.js';
import { checkEntryData } from './crm-fields.js';

const createEntry: Behaviour<'crm_entries_create'> = (store, { objectName }, { data }) => {
  const { crmObjects, members } = store.state;
  const object = findById(crmObjects, objectName);
  if (!object) {
    return failure(404, `No CRM object "${objectName}" exists; the objects are ${Object.keys(crmObjects).join(', ')}.`);
  }
  const problems = checkEntryData(
    data,
    object.fields,
    members.map((member) => member.userId),
  );
  if (problems.length > 0) {
    const summary = problems.map((problem) => `${problem.path}: ${problem.message}`).join('; ');
    return validationFailure(`Invalid entry for ${objectName}: ${summary}.`, problems);
  }
  const entryId = store.newId('ent', (id) => Object.values(crmObjects).some((o) => o.entries.some((e) => e.entryId === id)));
  // Values are stored exactly as sent: every assignee, in the order given (spec: none may be dropped).
  object.entries.push({ entryId, data: structuredClone(data) });
  return { status: 201, body: { entryId } };
};

const listOccurrences: Behaviour<'crm_tasks_series_occurrences_list'> = (store, { seriesId }) => {
  const series = findById(store.state.taskSeries, seriesId);
  if (!series) return failure(404, `No task series "${seriesId}" exists.`);
  return { status: 200, body: structuredClone(series.occurrences) };
};

export const crmBehaviour = {
  crm_entries_create: createEntry,
  crm_tasks_series_occurrences_list: listOccurrences,
};

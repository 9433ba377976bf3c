import type { Enrollment } from '../fixture-schema.js';
import { failure } from '../reply.js';
import { findById, type WorkspaceState } from '../state.js';
import type { Behaviour, BodyOf } from './behaviour.js';

type Person = BodyOf<'campaigns_person_add'>;

const addPerson: Behaviour<'campaigns_person_add'> = (store, { sequenceId }, person) => {
  const sequence = findById(store.state.sequences, sequenceId);
  if (!sequence) return failure(404, `No campaign sequence "${sequenceId}" exists.`);
  const { checkDuplicatesAcrossWorkspace, ...stored } = person;
  // This sequence first, so a duplicate here is reported as such even when the check is workspace-wide.
  const others = Object.keys(store.state.sequences).filter((id) => id !== sequenceId);
  const scope = checkDuplicatesAcrossWorkspace ? [sequenceId, ...others] : [sequenceId];
  const duplicate = findDuplicate(store.state, scope, person);
  if (duplicate) {
    const where = duplicate.sequenceId === sequenceId ? 'this sequence' : `sequence "${duplicate.sequenceId}"`;
    return failure(409, `This person is already enrolled in ${where} (same ${duplicate.matchedOn}).`, {
      code: 'duplicate_person',
      details: duplicate,
    });
  }
  const enrollmentId = store.newId('enr', (id) => enrollmentExists(store.state, id));
  sequence.enrollments.push({ enrollmentId, ...stored });
  return { status: 201, body: { enrollmentId } };
};

interface Duplicate {
  sequenceId: string;
  enrollmentId: string;
  matchedOn: 'email' | 'linkedinProfileUrl';
}

function findDuplicate(state: WorkspaceState, sequenceIds: string[], person: Person): Duplicate | undefined {
  for (const sequenceId of sequenceIds) {
    for (const enrollment of findById(state.sequences, sequenceId)?.enrollments ?? []) {
      const matchedOn = samePerson(enrollment, person);
      if (matchedOn) return { sequenceId, enrollmentId: enrollment.enrollmentId, matchedOn };
    }
  }
  return undefined;
}

function samePerson(enrollment: Enrollment, person: Person): Duplicate['matchedOn'] | undefined {
  if (person.email && enrollment.email && emailKey(person.email) === emailKey(enrollment.email)) return 'email';
  const url = person.linkedinProfileUrl;
  if (url && enrollment.linkedinProfileUrl && profileKey(url) === profileKey(enrollment.linkedinProfileUrl)) {
    return 'linkedinProfileUrl';
  }
  return undefined;
}

// Mail providers treat addresses case-insensitively in practice, so Ada@Example.com is ada@example.com.
const emailKey = (email: string): string => email.trim().toLowerCase();

// One profile has many spellings: http or https, with or without www., a trailing slash, any case.
const profileKey = (url: string): string =>
  url
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/^www\./, '')
    .replace(/[?#].*$/, '')
    .replace(/\/+$/, '');

function enrollmentExists(state: WorkspaceState, id: string): boolean {
  return Object.values(state.sequences).some((sequence) => sequence.enrollments.some((e) => e.enrollmentId === id));
}

export const campaignsBehaviour = { campaigns_person_add: addPerson };

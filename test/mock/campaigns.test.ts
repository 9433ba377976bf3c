import { describe, expect, it } from 'vitest';
import { useMockSession } from './mock-session.js';

const mock = useMockSession();

const addPerson = (sequenceId: string, body: unknown) => mock.call('POST', `/v1/campaigns/${sequenceId}/person`, { body });

describe('campaigns person add', () => {
  it('answers 201 with a new enrollmentId each time and stores the person', async () => {
    const first = await addPerson('seq_123', { email: 'ada@example.com', displayName: 'Ada Lovelace' });
    const second = await addPerson('seq_123', { linkedinProfileUrl: 'https://www.linkedin.com/in/linus' });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(first.json).toEqual({ enrollmentId: 'enr_1' });
    expect(second.json).toEqual({ enrollmentId: 'enr_2' });
    const state = await mock.state();
    expect(state.sequences.seq_123.enrollments).toEqual([
      { enrollmentId: 'enr_1', email: 'ada@example.com', displayName: 'Ada Lovelace' },
      { enrollmentId: 'enr_2', linkedinProfileUrl: 'https://www.linkedin.com/in/linus' },
    ]);
  });

  it('refuses the same email twice in one sequence, whatever its case, with 409 duplicate_person', async () => {
    await addPerson('seq_123', { email: 'ada@example.com' });
    const again = await addPerson('seq_123', { email: 'Ada@Example.COM' });
    expect(again.status).toBe(409);
    expect(again.json.error).toEqual({
      message: 'This person is already enrolled in this sequence (same email).',
      type: 'conflict_error',
      code: 'duplicate_person',
      details: { sequenceId: 'seq_123', enrollmentId: 'enr_1', matchedOn: 'email' },
    });
    expect((await mock.state()).sequences.seq_123.enrollments).toHaveLength(1);
  });

  it('refuses the same LinkedIn profile spelled another way', async () => {
    await addPerson('seq_123', { linkedinProfileUrl: 'https://www.linkedin.com/in/ada' });
    const again = await addPerson('seq_123', { linkedinProfileUrl: 'http://linkedin.com/in/Ada/', email: 'other@example.com' });
    expect(again.status).toBe(409);
    expect(again.json.error.details.matchedOn).toBe('linkedinProfileUrl');
  });

  it('lets a person in two sequences unless checkDuplicatesAcrossWorkspace is true', async () => {
    // grace@example.com is seeded in seq_456 as enr_seed_1.
    const across = await addPerson('seq_123', { email: 'grace@example.com', checkDuplicatesAcrossWorkspace: true });
    expect(across.status).toBe(409);
    expect(across.json.error.message).toBe('This person is already enrolled in sequence "seq_456" (same email).');
    expect(across.json.error.details).toEqual({ sequenceId: 'seq_456', enrollmentId: 'enr_seed_1', matchedOn: 'email' });
    const plain = await addPerson('seq_123', { email: 'grace@example.com' });
    expect(plain.status).toBe(201);
    const again = await addPerson('seq_123', { email: 'grace@example.com', checkDuplicatesAcrossWorkspace: true });
    expect(again.json.error.message).toBe('This person is already enrolled in this sequence (same email).');
    const fresh = await addPerson('seq_456', { email: 'linus@example.com', checkDuplicatesAcrossWorkspace: true });
    expect(fresh.status).toBe(201);
  });

  it('does not store the checkDuplicatesAcrossWorkspace flag on the enrollment', async () => {
    await addPerson('seq_123', { email: 'ada@example.com', checkDuplicatesAcrossWorkspace: false });
    expect((await mock.state()).sequences.seq_123.enrollments).toEqual([{ enrollmentId: 'enr_1', email: 'ada@example.com' }]);
  });

  it('answers 400 with details when neither email nor LinkedIn URL is given, or the email is not one', async () => {
    const none = await addPerson('seq_123', { displayName: 'Nobody' });
    expect(none.status).toBe(400);
    expect(none.json.error.code).toBe('validation_failed');
    expect(none.json.error.details).toEqual([{ path: 'email', message: 'a person needs an email or a LinkedIn profile URL (or both)' }]);
    const bad = await addPerson('seq_123', { email: 'not-an-email' });
    expect(bad.json.error.details).toEqual([{ path: 'email', message: 'Invalid email address' }]);
    expect((await mock.state()).sequences.seq_123.enrollments).toEqual([]);
  });

  it('answers 404 for an unknown sequence', async () => {
    const answer = await addPerson('seq_nope', { email: 'ada@example.com' });
    expect(answer.status).toBe(404);
    expect(answer.json.error).toEqual({ message: 'No campaign sequence "seq_nope" exists.', type: 'not_found_error', code: 'not_found' });
  });
});

import type { Fixtures } from './fixture-schema.js';

/** The workspace `svc mock` starts with unless `--fixtures` names another. */
export const builtInFixtures: Fixtures = {
  drafts: {
    dr_123: {
      syncStatus: 'synced',
      revision: 3,
      subject: 'Quarterly check-in',
      to: ['grace@example.com'],
      senderId: 'snd_ada',
      senders: [
        { senderId: 'snd_ada', email: 'ada@example.com', name: 'Ada Lovelace', eligible: true },
        { senderId: 'snd_team', email: 'team@example.com', name: 'Example Team', eligible: true },
      ],
      updatedAt: '2026-03-02T09:30:00Z',
    },
    dr_456: {
      syncStatus: 'pending',
      revision: 1,
      subject: 'Draft in progress',
      to: [],
      senderId: null,
      senders: [{ senderId: 'snd_team', email: 'team@example.com', name: 'Example Team', eligible: true }],
      updatedAt: '2026-03-03T14:05:00Z',
    },
  },
  sequences: {
    seq_123: { name: 'Onboarding', enrollments: [] },
    seq_456: {
      name: 'Renewals',
      enrollments: [{ enrollmentId: 'enr_seed_1', email: 'grace@example.com', displayName: 'Grace Hopper' }],
    },
  },
  members: [
    { userId: 'usr_ada', name: 'Ada Lovelace', email: 'ada@example.com' },
    { userId: 'usr_grace', name: 'Grace Hopper', email: 'grace@example.com' },
    { userId: 'usr_linus', name: 'Linus Torvalds', email: 'linus@example.com' },
  ],
  crmObjects: {
    people: {
      fields: { name: { type: 'text' }, email: { type: 'text' }, company: { type: 'text' }, owner: { type: 'users' } },
      entries: [],
    },
    companies: {
      fields: { name: { type: 'text' }, domain: { type: 'text' }, employees: { type: 'number' }, owner: { type: 'users' } },
      entries: [],
    },
    deals: {
      fields: {
        name: { type: 'text' },
        amount: { type: 'number' },
        stage: { type: 'select', options: ['lead', 'qualified', 'proposal', 'won', 'lost'] },
        closeDate: { type: 'date' },
        assignees: { type: 'users' },
        owner: { type: 'users' },
      },
      entries: [],
    },
  },
  templates: {
    tpl_welcome: {
      name: 'Welcome',
      subject: 'Welcome, {{firstName}}',
      htmlBody: '<p>Hi {{firstName}},</p><p>Welcome to {{ company }}. Reply any time, {{firstName}}.</p>',
    },
    tpl_followup: {
      name: 'Follow-up',
      subject: 'Following up on {{topic}}',
      htmlBody: '<p>Hello {{firstName}},</p><p>Any thoughts on {{topic}}?</p>',
    },
  },
  files: ['reports/2026/q3.csv', 'reports/2026/q4.csv', 'notes/todo.md', 'tmp/scratch.txt', 'archive/'],
  taskSeries: {
    ser_weekly: {
      title: 'Weekly pipeline review',
      occurrences: [
        { taskId: 'tsk_w1', title: 'Weekly pipeline review', dueAt: '2026-03-02T09:00:00Z', status: 'done' },
        { taskId: 'tsk_w2', title: 'Weekly pipeline review', dueAt: '2026-03-09T09:00:00Z', status: 'open' },
        { taskId: 'tsk_w3', title: 'Weekly pipeline review', dueAt: '2026-03-16T09:00:00Z', status: 'open' },
      ],
    },
    ser_monthly: {
      title: 'Monthly billing check',
      occurrences: [{ taskId: 'tsk_m1', title: 'Monthly billing check', dueAt: '2026-03-31T17:00:00Z', status: 'open' }],
    },
  },
};

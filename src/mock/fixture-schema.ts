import { z } from 'zod';

/** A stored draft; `ok`, `kind` and `draftId` are added when it is read, the rest is returned as is. */
const DraftFixture = z.looseObject({
  syncStatus: z.string(),
  revision: z.number(),
});

const Enrollment = z.looseObject({
  enrollmentId: z.string().min(1),
  email: z.string().optional(),
  linkedinProfileUrl: z.string().optional(),
});

const Sequence = z.strictObject({
  name: z.string(),
  enrollments: z.array(Enrollment).default([]),
});

const FieldDefinition = z.discriminatedUnion('type', [
  z.strictObject({ type: z.enum(['text', 'number', 'boolean', 'date', 'users']) }),
  z.strictObject({ type: z.literal('select'), options: z.array(z.string()).min(1) }),
]);

const CrmEntry = z.strictObject({
  entryId: z.string().min(1),
  data: z.record(z.string(), z.unknown()),
});

const CrmObject = z.strictObject({
  fields: z.record(z.string(), FieldDefinition),
  entries: z.array(CrmEntry).default([]),
});

const Member = z.strictObject({
  userId: z.string().min(1),
  name: z.string(),
  email: z.string(),
});

const Template = z.strictObject({
  name: z.string(),
  subject: z.string(),
  htmlBody: z.string(),
});

const Task = z.looseObject({
  taskId: z.string().min(1),
  title: z.string(),
  dueAt: z.string(),
  status: z.string(),
});

const TaskSeries = z.strictObject({
  title: z.string(),
  occurrences: z.array(Task),
});

/**
 * The seed of the mock workspace, as built in or read from `svc mock --fixtures <file.json>`.
 * Every section may be left out (it is then empty); an unknown section is refused, so a typo is not
 * silently an empty workspace. Files are paths; one ending in "/" is an empty directory.
 */
export const FixturesSchema = z.strictObject({
  drafts: z.record(z.string(), DraftFixture).default({}),
  sequences: z.record(z.string(), Sequence).default({}),
  members: z.array(Member).default([]),
  crmObjects: z.record(z.string(), CrmObject).default({}),
  templates: z.record(z.string(), Template).default({}),
  files: z.array(z.string().min(1)).default([]),
  taskSeries: z.record(z.string(), TaskSeries).default({}),
});

export type Fixtures = z.output<typeof FixturesSchema>;
export type FieldDefinition = z.output<typeof FieldDefinition>;
export type Enrollment = z.output<typeof Enrollment>;
export type CrmEntry = z.output<typeof CrmEntry>;
export type Template = z.output<typeof Template>;

/** Reads fixtures from parsed JSON; the error is one sentence naming the first wrong fields. */
export function parseFixtures(json: unknown): { ok: true; fixtures: Fixtures } | { ok: false; message: string } {
  const parsed = FixturesSchema.safeParse(json);
  if (parsed.success) return { ok: true, fixtures: parsed.data };
  const problems = parsed.error.issues.slice(0, 3).map((issue) => {
    const where = issue.path.length > 0 ? issue.path.join('.') : '(top level)';
    return `${where}: ${issue.message}`;
  });
  return { ok: false, message: problems.join('; ') };
}

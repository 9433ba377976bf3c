import * as z from 'zod/mini';
import '../../registry/zod-messages.js';

/** A stored draft; `ok`, `kind` and `draftId` are added when it is read, the rest is returned as is. */
const DraftFixture = z.looseObject({
  syncStatus: z.string(),
  revision: z.number(),
});

const Enrollment = z.looseObject({
  enrollmentId: z.string().check(z.minLength(1)),
  email: z.optional(z.string()),
  linkedinProfileUrl: z.optional(z.string()),
});

const Sequence = z.strictObject({
  name: z.string(),
  enrollments: z._default(z.array(Enrollment), []),
});

const FieldDefinition = z.discriminatedUnion('type', [
  z.strictObject({ type: z.enum(['text', 'number', 'boolean', 'date', 'users']) }),
  z.strictObject({ type: z.literal('select'), options: z.array(z.string()).check(z.minLength(1)) }),
]);

const CrmEntry = z.strictObject({
  entryId: z.string().check(z.minLength(1)),
  data: z.record(z.string(), z.unknown()),
});

const CrmObject = z.strictObject({
  fields: z.record(z.string(), FieldDefinition),
  entries: z._default(z.array(CrmEntry), []),
});

const Member = z.strictObject({
  userId: z.string().check(z.minLength(1)),
  name: z.string(),
  email: z.string(),
});

const Template = z.strictObject({
  name: z.string(),
  subject: z.string(),
  htmlBody: z.string(),
});

const Task = z.looseObject({
  taskId: z.string().check(z.minLength(1)),
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
  drafts: z._default(z.record(z.string(), DraftFixture), {}),
  sequences: z._default(z.record(z.string(), Sequence), {}),
  members: z._default(z.array(Member), []),
  crmObjects: z._default(z.record(z.string(), CrmObject), {}),
  templates: z._default(z.record(z.string(), Template), {}),
  files: z._default(z.array(z.string().check(z.minLength(1))), []),
  taskSeries: z._default(z.record(z.string(), TaskSeries), {}),
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

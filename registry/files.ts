import * as z from 'zod/mini';
import './zod-messages.js';
import { defineOperations } from './define.js';

export const FileDeleteBody = z.strictObject({
  path: z.string().check(z.minLength(1), z.describe('the workspace path of the file or directory to remove')),
});

/** The deleted path, or `null` when nothing existed there (not an error). */
export const FileDeleted = z
  .nullable(z.looseObject({ path: z.string().check(z.describe('the deleted path')) }))
  .check(z.describe('the deleted path, or null when nothing existed there'));

export const files = defineOperations({
  files_delete: {
    method: 'DELETE',
    path: '/files',
    summary: 'Delete a file or directory',
    args: ['path'],
    body: FileDeleteBody,
    response: FileDeleted,
    safety: 'destructive',
    destructive: true,
    // Deleting what is gone answers null: sending it twice has the effect of sending it once.
    idempotent: true,
    nullResult: 'nothing existed at {path}; nothing was deleted',
    errors: { unlisted: 'four error bodies of the standard shape; their statuses are not documented' },
    examples: ['svc files delete reports/2026/q3.csv', 'svc files delete tmp/ --yes'],
  },
});

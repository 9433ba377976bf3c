import * as z from 'zod/mini';
import './zod-messages.js';

/** The one error body shape used by every error response of the API. */
export const ErrorBody = z.looseObject({
  error: z.looseObject({
    message: z.string(),
    type: z.string(),
    code: z.string(),
    details: z.optional(z.unknown()),
  }),
});

export type ErrorBody = z.output<typeof ErrorBody>;

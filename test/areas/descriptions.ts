// Descriptions the `svc areas` tests add: a `meetings` area shaped like the Workspace API's own, with
// every kind of input (path, query, header, body fields, a list, a cursor, a destructive delete), and
// helpers to write them where svc reads them.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempFolder } from '../support/temp-folder.js';

type Node = Record<string, unknown>;

const json = (schema: Node) => ({ 'application/json': { schema } });
const ok = (schema: Node, status = '200') => ({ [status]: { description: 'OK', content: json(schema) }, '404': { description: 'No such meeting' } });

/** A meetings area: schedule, list (paged by cursor), get, update, cancel. */
export const MEETINGS: Node = {
  openapi: '3.1.0',
  info: { title: 'Workspace API: meetings', version: '2026-11' },
  tags: [{ name: 'meetings', description: 'Meetings and their invitees' }],
  paths: {
    '/meetings': {
      get: {
        tags: ['meetings'],
        operationId: 'meetings_list',
        summary: 'List meetings',
        'x-svc-safety': 'safe',
        'x-svc-cursor': { param: 'cursor', next: 'nextCursor', items: 'meetings' },
        parameters: [
          { name: 'from', in: 'query', description: 'earliest start, as a date', schema: { type: 'string', format: 'date' } },
          { name: 'room', in: 'query', description: 'rooms to list', schema: { type: 'array', items: { type: 'string' } } },
          { name: 'cursor', in: 'query', schema: { type: 'string' } },
        ],
        responses: ok({
          type: 'object',
          properties: { meetings: { type: 'array', items: { $ref: '#/components/schemas/Meeting' } }, nextCursor: { type: ['string', 'null'] } },
        }),
      },
      post: {
        tags: ['meetings'],
        operationId: 'meetings_schedule',
        summary: 'Schedule a meeting',
        'x-svc-safety': 'unsafe',
        parameters: [{ name: 'Idempotency-Key', in: 'header', description: 'a key that makes a retry safe', schema: { type: 'string' } }],
        requestBody: { required: true, content: json({ $ref: '#/components/schemas/NewMeeting' }) },
        responses: ok({ $ref: '#/components/schemas/Meeting' }, '201'),
      },
    },
    '/meetings/{meetingId}': {
      parameters: [{ name: 'meetingId', in: 'path', required: true, description: 'identifier of the meeting', schema: { type: 'string' } }],
      get: {
        tags: ['meetings'],
        operationId: 'meetings_get',
        summary: 'Read a meeting',
        'x-svc-safety': 'safe',
        responses: ok({ $ref: '#/components/schemas/Meeting' }),
      },
      patch: {
        tags: ['meetings'],
        operationId: 'meetings_update',
        summary: 'Change a meeting',
        'x-svc-safety': 'idempotent',
        requestBody: { content: json({ type: 'object', properties: { title: { type: 'string' }, minutes: { type: 'integer', minimum: 5 } } }) },
        responses: ok({ $ref: '#/components/schemas/Meeting' }),
      },
      delete: {
        tags: ['meetings'],
        operationId: 'meetings_cancel',
        summary: 'Cancel a meeting',
        'x-svc-safety': 'destructive',
        'x-svc-idempotent': true,
        responses: { '204': { description: 'Cancelled' } },
      },
    },
    '/meetings/{meetingId}/invitees': {
      get: {
        tags: ['meetings'],
        operationId: 'meetings_invitees_list',
        summary: 'List the invitees of a meeting',
        'x-svc-safety': 'safe',
        parameters: [{ name: 'meetingId', in: 'path', required: true, schema: { type: 'string' } }],
        responses: ok({ type: 'array', items: { type: 'object', properties: { email: { type: 'string', format: 'email' } } } }),
      },
    },
  },
  components: {
    schemas: {
      NewMeeting: {
        type: 'object',
        required: ['title', 'startsAt'],
        properties: {
          title: { type: 'string', minLength: 1, description: 'what the meeting is about' },
          startsAt: { type: 'string', format: 'date-time', description: 'when it starts' },
          minutes: { type: 'integer', minimum: 5, default: 30 },
          kind: { type: 'string', enum: ['video', 'room'] },
          invitees: { type: 'array', items: { type: 'string', format: 'email' } },
        },
        additionalProperties: false,
      },
      Meeting: {
        type: 'object',
        properties: { id: { type: 'string' }, title: { type: 'string' }, startsAt: { type: 'string' }, minutes: { type: 'integer' } },
      },
    },
  },
};

/** The meetings description as another area: its tag, operation ids and paths renamed. */
export const meetingsAs = (area: string): Node =>
  JSON.parse(JSON.stringify(MEETINGS).replaceAll('"meetings"', `"${area}"`).replaceAll('meetings_', `${area}_`).replaceAll('"/meetings', `"/${area}`));

/** A description written as a file in a fresh temp folder (removed when the test file ends); its path. */
export function descriptionFile(document: unknown, name = 'openapi.json'): string {
  const file = join(tempFolder('svc-description-'), name);
  writeFileSync(file, typeof document === 'string' ? document : JSON.stringify(document, null, 2));
  return file;
}

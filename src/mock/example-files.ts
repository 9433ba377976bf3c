/** An OpenAPI description of one more area of the service, meetings, as `svc areas add` reads one (docs/guide/added-areas.md). */
const MEETINGS_DESCRIPTION = `openapi: 3.1.0
info:
  title: "Workspace API: meetings"
  version: 2026-11
tags:
  - name: meetings
    description: Meetings and their invitees
paths:
  /meetings:
    get:
      tags: [meetings]
      operationId: meetings_list
      summary: List the meetings
      x-svc-safety: safe
      parameters:
        - { name: from, in: query, description: earliest start, schema: { type: string, format: date } }
      responses:
        "200":
          description: The meetings
          content: { application/json: { schema: { type: array, items: { $ref: "#/components/schemas/Meeting" } } } }
    post:
      tags: [meetings]
      operationId: meetings_schedule
      summary: Schedule a meeting
      x-svc-safety: unsafe
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [title, startsAt]
              properties:
                title: { type: string, description: what the meeting is about }
                startsAt: { type: string, format: date-time, description: when it starts }
                minutes: { type: integer, minimum: 5, description: how long it lasts }
      responses:
        "201":
          description: The meeting
          content: { application/json: { schema: { $ref: "#/components/schemas/Meeting" } } }
  /meetings/{meetingId}:
    parameters:
      - { name: meetingId, in: path, required: true, description: identifier of the meeting, schema: { type: string } }
    get:
      tags: [meetings]
      operationId: meetings_get
      summary: Read a meeting
      x-svc-safety: safe
      responses:
        "200":
          description: The meeting
          content: { application/json: { schema: { $ref: "#/components/schemas/Meeting" } } }
    delete:
      tags: [meetings]
      operationId: meetings_cancel
      summary: Cancel a meeting
      x-svc-safety: destructive
      x-svc-idempotent: true
      responses:
        "204": { description: Cancelled }
components:
  schemas:
    Meeting:
      type: object
      properties:
        id: { type: string }
        title: { type: string }
        startsAt: { type: string, format: date-time }
        minutes: { type: integer }
`;

/**
 * The input files the README's and the guides' examples read, for the built-in fixtures: people for
 * campaign seq_123, entries for the deals object, recipients for template tpl_welcome, paths the
 * workspace holds, and a description of the meetings area for `svc areas add`. `svc mock
 * --example-files <folder>` writes them, so every example runs as written.
 */
export const EXAMPLE_FILES: Readonly<Record<string, string>> = {
  'deals.ndjson': '{"data":{"name":"Acme renewal","amount":12000}}\n{"data":{"name":"Globex expansion","amount":8000,"assignees":["usr_ada","usr_grace"]}}\n',
  'leads.csv': 'email,personalization.tier\nada@example.com,gold\ngrace@example.com,silver\n',
  'recipients.ndjson': '{"data":{"firstName":"Ada","company":"Acme"}}\n{"data":{"firstName":"Grace","company":"Navy"}}\n',
  'paths.ndjson': '{"path":"notes/todo.md"}\n{"path":"reports/2026/q3.csv"}\n',
  'meetings.yaml': MEETINGS_DESCRIPTION,
};

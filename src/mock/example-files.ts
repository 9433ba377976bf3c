/**
 * The input files the README's and the guides' examples read, for the built-in fixtures: people for
 * campaign seq_123, entries for the deals object, recipients for template tpl_welcome, paths the
 * workspace holds. `svc mock --example-files <folder>` writes them, so every example runs as written.
 */
export const EXAMPLE_FILES: Readonly<Record<string, string>> = {
  'deals.ndjson': '{"data":{"name":"Acme renewal","amount":12000}}\n{"data":{"name":"Globex expansion","amount":8000,"assignees":["usr_ada","usr_grace"]}}\n',
  'leads.csv': 'email,personalization.tier\nada@example.com,gold\ngrace@example.com,silver\n',
  'recipients.ndjson': '{"data":{"firstName":"Ada","company":"Acme"}}\n{"data":{"firstName":"Grace","company":"Navy"}}\n',
  'paths.ndjson': '{"path":"notes/todo.md"}\n{"path":"reports/2026/q3.csv"}\n',
};

/**
 * Pretty JSON, two-space indented; coloured when asked. chalk loads only for colour, so piped
 * output (scripts, CI) never pays for it.
 */
export async function formatJson(value: unknown, color: boolean): Promise<string> {
  if (!color) return `${JSON.stringify(value, null, 2) ?? 'null'}\n`;
  const { paintJson } = await import('./json-color.js');
  return `${paintJson(value)}\n`;
}

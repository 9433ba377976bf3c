/**
 * Which build of svc runs, as `svc --version` names it: the npm package, on the Node.js that runs
 * it, or the standalone binary, compiled with Bun (scripts/package/standalone.mjs), on the Bun it
 * carries. The runtime tells them apart: the npm package runs on Node.js only (bin/svc.cjs), and
 * Bun runs svc only as the standalone binary.
 */
export function buildName(versions: Readonly<Record<string, string | undefined>> = process.versions): string {
  return versions.bun !== undefined ? `standalone, Bun ${versions.bun}` : `npm, Node.js ${versions.node}`;
}

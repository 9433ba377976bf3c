// A CLI built into a temporary folder laid out like the installed package, so a variant starts
// exactly as the real one does: bin/svc.cjs and bin/run-cli.cjs, then dist/cli.cjs (or dist/cli-root.cjs),
// and dist/mcp.cjs for `svc mcp`, built with the same plugins.
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundleCli, bundleMcpServer } from '../build/bundle.mjs';

/** Builds bin/ (svc.cjs, run-cli.cjs), dist/ and package.json into `folder`, bundled with `plugins`; returns its bin. */
export async function buildCliVariant({ repoRoot, folder, plugins = [] }) {
  await bundleCli({ outdir: join(folder, 'dist'), plugins });
  await bundleMcpServer({ outdir: join(folder, 'dist'), plugins });
  mkdirSync(join(folder, 'bin'));
  for (const name of ['svc.cjs', 'run-cli.cjs']) copyFileSync(join(repoRoot, 'bin', name), join(folder, 'bin', name));
  writeFileSync(join(folder, 'package.json'), `${JSON.stringify({ name: '@svc-cli/svc', type: 'module' })}\n`);
  return join(folder, 'bin', 'svc.cjs');
}

// A CLI built into a temporary folder laid out like the installed package, so a variant starts
// exactly as the real one does. The layout matters: without package.json's "type": "module",
// Node first tries each dist file as CommonJS and parses it again as ESM (~3 ms).
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundleCli } from '../build/bundle.mjs';

/** Builds bin/svc.js, dist/ and package.json into `folder`, bundled with `plugins`; returns its bin. */
export async function buildCliVariant({ repoRoot, folder, plugins = [] }) {
  await bundleCli({ outdir: join(folder, 'dist'), plugins });
  mkdirSync(join(folder, 'bin'));
  copyFileSync(join(repoRoot, 'bin', 'svc.js'), join(folder, 'bin', 'svc.js'));
  writeFileSync(join(folder, 'package.json'), `${JSON.stringify({ name: 'svc', type: 'module' })}\n`);
  return join(folder, 'bin', 'svc.js');
}

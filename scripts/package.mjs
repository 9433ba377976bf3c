// npm run package: the standalone svc binary for this machine's platform, dist/svc (svc.exe on
// Windows), after npm run build. `--output <file>` writes it elsewhere; `--snapshot` builds the one
// that starts from a V8 startup snapshot, built here (scripts/package/standalone.mjs says why that
// is not the default).
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot } from './build/bundle.mjs';
import { buildStandalone, standaloneName } from './package/standalone.mjs';

const { values } = parseArgs({ options: { output: { type: 'string' }, snapshot: { type: 'boolean', default: false } } });
const output = values.output ?? join(repoRoot, 'dist', standaloneName);
const snapshot = await buildStandalone({ output, snapshot: values.snapshot });
process.stdout.write(`${output} (${snapshot ? 'starts from a V8 startup snapshot' : 'starts without a V8 startup snapshot'})\n`);

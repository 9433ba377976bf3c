// npm run package: the standalone svc binary for this machine's platform, dist/svc (svc.exe on
// Windows), after npm run build. `--output <file>` writes it elsewhere.
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot } from './build/bundle.mjs';
import { buildStandalone, standaloneName } from './package/standalone.mjs';

const { values } = parseArgs({ options: { output: { type: 'string' } } });
const output = values.output ?? join(repoRoot, 'dist', standaloneName);
await buildStandalone({ output });
process.stdout.write(`${output}\n`);

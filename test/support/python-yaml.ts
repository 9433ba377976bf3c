import { spawnSync } from 'node:child_process';

/** Whether python3 with PyYAML (the YAML 1.1 reader of Python and Ansible) is installed; CI's .ci/run installs it. */
export const pyyamlAvailable = spawnSync('python3', ['-c', 'import yaml'], { stdio: 'ignore' }).status === 0;

/**
 * Reads `yamlText` with PyYAML's safe_load and `jsonText` with Python's json module, and says
 * whether they are the same data (Python's ints are exact, so big integers compare exactly).
 */
export function pyyamlReadsAsJson(yamlText: string, jsonText: string): { same: boolean; detail: string } {
  const script = [
    'import json, sys, yaml',
    'data = json.loads(sys.stdin.read())',
    'y = yaml.safe_load(data["yaml"]); j = json.loads(data["json"])',
    'print("same" if y == j and repr(y) == repr(j) else "different:\\n" + repr(y)[:2000] + "\\n" + repr(j)[:2000])',
  ].join('\n');
  const run = spawnSync('python3', ['-c', script], { input: JSON.stringify({ yaml: yamlText, json: jsonText }), encoding: 'utf8' });
  const out = `${run.stdout}${run.stderr}`.trim();
  return { same: out === 'same', detail: out };
}

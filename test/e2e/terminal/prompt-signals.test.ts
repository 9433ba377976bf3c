import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useMockForSvc } from '../../support/mock-for-svc.js';
import { eachBuild, shellCommand, shellPath, type SvcBuild } from '../../support/builds.js';
import { freshConfigDir } from '../../support/svc.js';
import { tempFolder } from '../../support/temp-folder.js';
import { Terminal, tmuxAvailable } from '../../support/tmux.js';
import { promptScenes, promptStops } from '../../commands/tables/interruption-cases.js';

// Ctrl-C typed at a prompt on a real terminal (tmux), or SIGTERM sent to svc while it asks: the
// same exit code as anywhere else, one line, and nothing done.
const mock = useMockForSvc();
let terminal: Terminal | undefined;
afterEach(async () => {
  await terminal?.close();
  terminal = undefined;
});

interface Scene {
  argv: string;
  prompt: RegExp;
  /** Proof that nothing was done. */
  untouched(configDir: string): void;
}

function sceneFor(name: (typeof promptScenes)[number], folder: string): Scene {
  const nothingSent = () => expect(mock.server.requests).toEqual([]);
  switch (name) {
    case 'the hidden `auth login` prompt':
      return {
        argv: 'auth login',
        prompt: /Paste the agent session token for profile "default":/,
        untouched: (configDir) => expect(existsSync(join(configDir, 'config.json'))).toBe(false),
      };
    case 'a delete confirmation':
      return { argv: 'files delete notes/todo.md', prompt: /This cannot be undone\. \[y\/N\]/, untouched: nothingSent };
    case 'a batch delete confirmation': {
      const input = join(folder, 'paths.ndjson');
      writeFileSync(input, '{"path":"notes/todo.md"}\n{"path":"tmp/scratch.txt"}\n');
      return {
        argv: `files delete --input ${input}`,
        prompt: /once for each of the 2 lines of .*paths\.ndjson\? This cannot be undone/,
        untouched: nothingSent,
      };
    }
  }
}

const cases = promptScenes.flatMap((scene) => promptStops.map((stop) => [scene, stop] as const));

eachBuild((build) => {
  describe.skipIf(!tmuxAvailable)(`stopping svc at a prompt on a real terminal${tmuxAvailable ? '' : ' (skipped: tmux is not installed)'}`, () => {
    it.each(cases)("%s, %s: one line, the signal's exit code, nothing done", async (sceneName, stop) => {
      const configDir = freshConfigDir();
      const scene = sceneFor(sceneName, tempFolder('svc-prompt-'));
      terminal = await Terminal.open({
        width: 160,
        height: 20,
        env: {
          PATH: shellPath(build),
          HOME: configDir,
          TERM: 'xterm-256color',
          PS1: '$ ',
          SERVICE_BASE_URL: mock.server.url,
          SERVICE_API_KEY: mock.server.apiKey,
          SVC_CONFIG_DIR: configDir,
        },
      });
      // The pid comes first, so the test can signal svc itself while it waits at the prompt.
      await terminal.type(`clear; sh -c 'echo "pid=$$"; exec ${shellCommand(build)} ${scene.argv}'; echo "exit=$?"`);
      await terminal.keys('Enter');
      const asked = await terminal.waitFor((screen) => scene.prompt.test(screen.join('\n')));
      if (stop === 'Ctrl-C typed') await terminal.keys('C-c');
      else process.kill(Number(/pid=(\d+)/.exec(asked.join('\n'))![1]), 'SIGTERM');
      const screen = (await terminal.waitFor((lines) => lines.some((line) => /^exit=\d+$/.test(line)))).join('\n');
      const [code, named] = stop === 'Ctrl-C typed' ? ['130', ''] : ['143', ' (SIGTERM)'];
      expect(screen).toContain(`\nexit=${code}`);
      expect(screen).toContain(`svc: interrupted${named} at the prompt: nothing was done`);
      expect(screen).not.toMatch(/unexpected error|\n\s+at /);
      scene.untouched(configDir);
    });
  });
});

import { execFile, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { tempFolder } from './temp-folder.js';

const exec = promisify(execFile);

/** Whether tmux can be run here; terminal tests skip, saying so, when it cannot. */
export const tmuxAvailable: boolean = spawnSync('tmux', ['-V'], { stdio: 'ignore' }).status === 0;

export interface TerminalOptions {
  width: number;
  height: number;
  /** The whole environment of the shell (nothing is inherited). */
  env: Record<string, string>;
  /** The program to run on the terminal; default an rc-less bash. */
  shell?: string[];
  /** A UTF-8 terminal whatever the locale tmux itself runs in (tmux -u). */
  utf8?: boolean;
}

/**
 * A real terminal: a detached tmux session of the given size on a tmux server of its own (so
 * closing it ends only what the test started). Keys go in with send-keys, the screen comes back
 * with capture-pane.
 */
export class Terminal {
  private runs = 0;

  private constructor(
    private readonly socket: string,
    private readonly flags: string[],
  ) {}

  static async open(options: TerminalOptions): Promise<Terminal> {
    // A socket in a temp folder of its own (removed with the test file), not in tmux's shared folder.
    const socket = join(tempFolder('svc-tmux-'), 'socket');
    const env = Object.entries(options.env).map(([name, value]) => `${name}=${value}`);
    const program = ['env', '-i', ...env, ...(options.shell ?? ['bash', '--norc', '--noprofile'])];
    const flags = options.utf8 ? ['-u'] : [];
    await exec('tmux', [
      ...flags,
      '-S',
      socket,
      '-f',
      '/dev/null',
      'new-session',
      '-d',
      '-x',
      String(options.width),
      '-y',
      String(options.height),
      '-s',
      'main',
      ...program,
    ]);
    return new Terminal(socket, flags);
  }

  /** Types the keys (tmux key names such as Enter or Tab are keys, other words are typed). */
  async keys(...keys: string[]): Promise<void> {
    await exec('tmux', ['-S', this.socket, 'send-keys', '-t', 'main', ...keys]);
  }

  /** Types text literally. */
  async type(text: string): Promise<void> {
    await exec('tmux', ['-S', this.socket, 'send-keys', '-t', 'main', '-l', text]);
  }

  /**
   * What the terminal shows now, one string a line, trailing blanks trimmed. `joinWrapped`: a line
   * the terminal wrapped at its right edge comes back as the one line it was written as.
   */
  async screen(options: { joinWrapped?: boolean } = {}): Promise<string[]> {
    const join = options.joinWrapped ? ['-J'] : [];
    const { stdout } = await exec('tmux', [...this.flags, '-S', this.socket, 'capture-pane', '-p', ...join, '-t', 'main']);
    return stdout.split('\n').map((line) => line.trimEnd());
  }

  /** Waits until the screen matches, and returns it; fails with the screen after `timeoutMs`. */
  async waitFor(test: (screen: string[]) => boolean, timeoutMs = 10_000): Promise<string[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const screen = await this.screen();
      if (test(screen)) return screen;
      if (Date.now() > deadline) throw new Error(`the terminal never showed what was awaited; it shows:\n${screen.join('\n')}`);
      await sleep(50);
    }
  }

  /**
   * Clears the screen, runs a command line in the shell and returns the screen lines it printed
   * (the end is found by a marker, new for each run, that the typed line itself does not contain).
   */
  async run(commandLine: string): Promise<string[]> {
    const marker = `__SVC_DONE_${++this.runs}__`;
    await this.type(`clear; ${commandLine}; printf '%s\\n' "${marker.slice(0, 6)}""${marker.slice(6)}"`);
    await this.keys('Enter');
    const screen = await this.waitFor((lines) => lines.includes(marker));
    return screen.slice(0, screen.indexOf(marker));
  }

  /** The pane's title, as escape sequences (OSC 0 and 2) would set it. */
  async title(): Promise<string> {
    const { stdout } = await exec('tmux', ['-S', this.socket, 'display-message', '-p', '-t', 'main', '#{pane_title}']);
    return stdout.trim();
  }

  async close(): Promise<void> {
    await exec('tmux', ['-S', this.socket, 'kill-server']).catch(() => undefined);
  }
}

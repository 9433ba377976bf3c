export interface CommandResult {
  /** The exit code, or what went wrong with the host running the line. */
  code: number | 'threw' | 'crashed' | 'timeout';
  stdout: string;
  stderr: string;
}
export function runCommands(options: {
  cliFolder: string;
  commands: readonly (readonly string[])[];
  env: NodeJS.ProcessEnv;
  hosts?: number;
  timeoutMs?: number;
}): Promise<CommandResult[]>;
export function spawnEach(options: { bin: string; commands: readonly (readonly string[])[]; env: NodeJS.ProcessEnv }): Promise<CommandResult[]>;

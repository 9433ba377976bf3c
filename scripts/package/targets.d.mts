export interface Target {
  bun: string;
  runtime: string;
  keyring: string;
  os: 'linux' | 'darwin' | 'win32';
  arch: 'x64' | 'arm64';
}
export const TARGETS: Record<'linux-x64' | 'linux-arm64' | 'darwin-x64' | 'darwin-arm64' | 'windows-x64', Target>;
export function hostTarget(): keyof typeof TARGETS | undefined;
export function targetNamed(name: string): Target;
export function binaryName(target: keyof typeof TARGETS, prefix?: string): string;
export function hostRuntimePackage(): string | undefined;

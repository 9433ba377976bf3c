// The platforms the standalone binary is built for, and what each needs: Bun's name for it, the
// npm package that holds Bun's runtime for it, and the keyring's native binding for it.

/** Every target, by the name `npm run package -- --target` takes. */
export const TARGETS = {
  'linux-x64': { bun: 'bun-linux-x64', runtime: '@oven/bun-linux-x64', keyring: 'linux-x64-gnu', os: 'linux', arch: 'x64' },
  'linux-arm64': { bun: 'bun-linux-arm64', runtime: '@oven/bun-linux-aarch64', keyring: 'linux-arm64-gnu', os: 'linux', arch: 'arm64' },
  'darwin-x64': { bun: 'bun-darwin-x64', runtime: '@oven/bun-darwin-x64', keyring: 'darwin-x64', os: 'darwin', arch: 'x64' },
  'darwin-arm64': { bun: 'bun-darwin-arm64', runtime: '@oven/bun-darwin-aarch64', keyring: 'darwin-arm64', os: 'darwin', arch: 'arm64' },
  'windows-x64': { bun: 'bun-windows-x64', runtime: '@oven/bun-windows-x64', keyring: 'win32-x64-msvc', os: 'win32', arch: 'x64' },
};

/** The target this machine runs, or undefined when it is none of them (a musl Linux, FreeBSD, Windows on arm64). */
export function hostTarget() {
  if (process.platform === 'linux' && isMusl()) return undefined;
  return Object.keys(TARGETS).find((name) => TARGETS[name].os === process.platform && TARGETS[name].arch === process.arch);
}

/** The target named, or a one-line error listing them. */
export function targetNamed(name) {
  if (!Object.hasOwn(TARGETS, name)) throw new Error(`unknown target "${name}"; the targets are ${Object.keys(TARGETS).join(', ')}`);
  return TARGETS[name];
}

/** The binary's file name for a target: `svc`, or `svc.exe` for Windows; `prefix` replaces `svc`. */
export const binaryName = (target, prefix = 'svc') => `${prefix}${TARGETS[target].os === 'win32' ? '.exe' : ''}`;

/** The npm package that holds Bun's runtime for this machine (the one that builds), or undefined where Bun has none. */
export function hostRuntimePackage() {
  const arch = { x64: 'x64', arm64: 'aarch64' }[process.arch];
  const os = { linux: 'linux', darwin: 'darwin', win32: 'windows', freebsd: 'freebsd' }[process.platform];
  if (!arch || !os) return undefined;
  return `@oven/bun-${os}-${arch}${os === 'linux' && isMusl() ? '-musl' : ''}`;
}

/** Whether this Linux's C library is musl (Alpine), as Node's own report says. */
function isMusl() {
  return process.platform === 'linux' && !process.report?.getReport().header.glibcVersionRuntime;
}

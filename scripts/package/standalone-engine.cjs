// JavaScriptCore's options for a batch run of the standalone binary (scripts/package/standalone-main.cjs).
//
// In a 10,000-line batch, JavaScriptCore's optimising top tier (FTL) compiled some 150 functions on
// its compiler thread: about 0.35 s of CPU in a run of 1.1 s, which on a small machine competes with
// the work itself. With that tier's threshold raised fourfold, the same batch took about 30% less
// CPU, and a 100,000-line batch about 6% more, its top-tier code coming later (docs/performance.md,
// "The standalone binary in a batch"). A compiled program reads engine options only from its
// environment as it starts (BUN_JSC_<option>), and Bun has no way to build them into the binary: so
// a run that is a batch starts itself again, in place (execve: the same process, arguments,
// standard streams and signals), with the option in its environment. `svc api --input` sends one body and is left alone; so is a
// run whose environment already names the option. The restarted run takes the option back out of
// process.env, so nothing it runs or starts sees it.
//
// Bun's execve keeps standard input, output and error, and closes every other descriptor the run
// was given: `--input <(…)`, `--rejects /dev/fd/3 3>>file` would lose theirs (tried). So a run
// restarts only when it holds no descriptor but those three and Bun's own (its event loop's), as
// Linux's /proc/self/fd shows; where it cannot tell (macOS, Windows), or when it holds any other,
// the batch runs as it is, with the usual thresholds.

/** The option and the value a batch starts with. */
const OPTION = 'BUN_JSC_thresholdForFTLOptimizeAfterWarmUp';
const RAISED = '256000';
/** Set beside the option by the restart, so the restarted run knows the option is its own to take out. */
const MARK = 'SVC_STANDALONE_ENGINE';

/** The environment to start this run again with, or undefined to go on as it is. */
function restartEnvironment(argv, env) {
  if (env[MARK] !== undefined || env[OPTION] !== undefined || !isBatch(argv)) return undefined;
  return { ...env, [OPTION]: RAISED, [MARK]: '1' };
}

/** Takes out of `env` what restartEnvironment added; the user's own setting of the option stays. */
function forgetRestart(env) {
  if (env[MARK] === undefined) return;
  delete env[MARK];
  delete env[OPTION];
}

/** `--input` before any `--`, as svc itself tells a batch (src/cli/run.ts), and not `svc api`'s body. */
function isBatch(argv) {
  if (argv[0] === 'api') return false;
  const end = argv.indexOf('--');
  return (end === -1 ? argv : argv.slice(0, end)).some((arg) => arg === '--input' || arg.startsWith('--input='));
}

/** Bun's own descriptors at start: its event loop's. */
const OWN = /^anon_inode:\[(eventpoll|eventfd|timerfd|signalfd)\]$/;

/**
 * Whether descriptors, by number and where each leads (undefined: closed since it was listed, as
 * the listing's own is), are only standard input, output and error and Bun's own.
 */
function onlyOwnDescriptors(descriptors) {
  return descriptors.every(([fd, target]) => fd <= 2 || target === undefined || OWN.test(target));
}

/** This process's descriptors as Linux lists them, or undefined where there is no /proc/self/fd. */
function openDescriptors() {
  const { readdirSync, readlinkSync } = require('node:fs');
  const where = (fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`);
    } catch {
      return undefined;
    }
  };
  try {
    return readdirSync('/proc/self/fd').map((name) => [Number(name), where(name)]);
  } catch {
    return undefined;
  }
}

/** Starts this run again with the batch's engine option, when it is a batch; returns only when it does not. */
function restartForBatch(argv) {
  const env = restartEnvironment(argv, process.env);
  const descriptors = env && openDescriptors();
  // No execve (Windows), or it failed (the file gone): the run goes on, with the usual thresholds.
  if (env && descriptors && onlyOwnDescriptors(descriptors) && typeof process.execve === 'function') {
    try {
      process.execve(process.execPath, [process.argv0, ...argv], env);
    } catch {
      // go on as it is
    }
  }
  forgetRestart(process.env);
}

module.exports = { restartEnvironment, forgetRestart, onlyOwnDescriptors, restartForBatch, OPTION, MARK };

// A child process that loads a built CLI's dist/cli.cjs once and runs its main(argv) for each
// command line the parent sends (IPC), answering with the exit code and what it wrote on standard
// output and error. Thousands of runs cost one start-up, not thousands (run-commands.mjs).
//
// svc writes to a pipe or a file with fs.writeSync(1 | 2), to anything else through the process's
// streams (src/cli/process-output.ts): that function, replaced before the script is read, and the
// streams' write keep the text for the command running.
// CommonJS, as bin/run-cli.cjs, whose way of running the script (vm.Script, the CommonJS wrapper) this follows.
const fs = require('node:fs');
const { dirname } = require('node:path');
const { Script } = require('node:vm');

const script = process.argv[2];
let written;
const writeSync = fs.writeSync;
fs.writeSync = (fd, data, ...rest) => {
  if (!written || (fd !== 1 && fd !== 2)) return writeSync(fd, data, ...rest);
  const bytes = typeof data === 'string' ? Buffer.from(data) : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  written[fd].push(bytes);
  return bytes.length;
};
// On a socket (what a parent's 'pipe' is) svc writes through process.stdout and process.stderr.
for (const [fd, stream] of [
  [1, process.stdout],
  [2, process.stderr],
]) {
  const write = stream.write.bind(stream);
  stream.write = (chunk, encoding, callback) => {
    if (!written) return write(chunk, encoding, callback);
    written[fd].push(Buffer.from(chunk, typeof encoding === 'string' ? encoding : undefined));
    const done = typeof encoding === 'function' ? encoding : callback;
    if (done) process.nextTick(done);
    return true;
  };
}
// Each run that asks for the stop signal adds its listeners; thousands of runs are expected here.
process.setMaxListeners(0);

const cli = { exports: {} };
new Script(fs.readFileSync(script, 'latin1'), { filename: script }).runInThisContext()(cli.exports, require, cli, script, dirname(script));

process.on('message', async ({ index, argv }) => {
  written = { 1: [], 2: [] };
  let code;
  try {
    code = await cli.exports.main(argv);
  } catch (error) {
    written[2].push(Buffer.from(`host: main threw: ${error?.stack ?? error}\n`));
    code = 'threw';
  }
  const [stdout, stderr] = [written[1], written[2]].map((chunks) => Buffer.concat(chunks).toString('utf8'));
  written = undefined;
  process.send({ index, code, stdout, stderr });
});
process.on('disconnect', () => process.exit(0));
process.send({ ready: true });

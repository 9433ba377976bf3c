import { describe, expect, it } from 'vitest';
import { openBatchSource, type OpenedInput } from '../../src/batch/source.js';
import { SvcError } from '../../src/errors.js';
import { Interruption } from '../../src/interruption.js';

// Every way an input can be refused after it is opened closes it then and there: a file handle
// left to the garbage collector stays open for the rest of the run (and Node warns of it).
function opener(bytes: Uint8Array | Error) {
  const closes: string[] = [];
  const openFile = async (path: string): Promise<OpenedInput> => ({
    chunks: (async function* () {
      if (bytes instanceof Error) throw bytes;
      if (bytes.length) yield bytes;
    })(),
    size: bytes instanceof Error ? undefined : bytes.length,
    identity: undefined,
    close: () => closes.push(path),
  });
  return { openFile, closes };
}
const stdin = () => (async function* () {})();

describe('an input refused at its header', () => {
  it.each([
    ['an empty CSV', Buffer.from(''), /has no header row/],
    ['a CSV whose header is Latin-1', Buffer.from('em\xe9il,name\na,b\n', 'latin1'), /header row cannot be read/],
    ['a CSV in UTF-16', Buffer.from('\uFEFFemail\n', 'utf16le'), /header row cannot be read/],
    ['a CSV that cannot be read', new Error('EIO: i/o error, read'), /EIO/],
  ])('%s is closed before the refusal', async (_name, bytes, message) => {
    const { openFile, closes } = opener(bytes);
    await expect(openBatchSource('people.csv', { stdin, openFile })).rejects.toThrow(message);
    expect(closes).toEqual(['people.csv']);
  });

  it('a CSV whose header reads is left open for its rows, and closed by its reader', async () => {
    const { openFile, closes } = opener(Buffer.from('email\na@example.com\n'));
    const source = await openBatchSource('people.csv', { stdin, openFile });
    expect(closes).toEqual([]);
    source.close();
    expect(closes).toEqual(['people.csv']);
  });
});

describe('a stop signal while a CSV header is read', () => {
  /** A first line that never ends, until the input is closed: the signal, not the input, ends the reading. */
  function endlessHeader(stop: AbortController) {
    const closes: string[] = [];
    let closed = false;
    let chunks = 0;
    const openFile = async (path: string): Promise<OpenedInput> => ({
      chunks: (async function* () {
        while (!closed) {
          if (++chunks === 100) stop.abort(new Interruption('SIGTERM'));
          yield Buffer.alloc(64 * 1024, 'x');
        }
      })(),
      size: undefined,
      identity: undefined,
      close: () => ((closed = true), closes.push(path)),
    });
    return { openFile, closes };
  }

  it('ends it with the exit code of the signal and says so in one line; the input is closed', async () => {
    const stop = new AbortController();
    const { openFile, closes } = endlessHeader(stop);
    const refusal = await openBatchSource('people.csv', { stdin, openFile, signal: stop.signal }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(SvcError);
    expect(refusal).toMatchObject({ message: 'interrupted (SIGTERM) while reading the header row of people.csv: no line was started', exitCode: 143 });
    expect(closes[0]).toBe('people.csv');
  });
});

import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fingerprintRun } from '../../src/batch/fingerprint.js';
import type { OpenedInput } from '../../src/batch/source.js';
import { SvcError } from '../../src/errors.js';
import { Interruption } from '../../src/interruption.js';

// A checkpoint's pass over its input, before anything is sent: streaming, whatever the input's size,
// and cut short by a stop signal however long the input goes on.
const args = { params: {}, query: null, body: null, format: 'ndjson', outputQuery: undefined, baseUrl: 'https://api.example.com/v1' };

/** An input of `count` chunks (endless when undefined) that records its closing; `onChunk` runs before each. */
function input(chunk: Buffer, count: number | undefined, onChunk: (n: number) => void = () => {}) {
  const state = { closed: 0, read: 0 };
  const open = async (): Promise<OpenedInput> => ({
    chunks: (async function* () {
      while (!state.closed && (count === undefined || state.read < count)) {
        onChunk(++state.read);
        yield chunk;
      }
    })(),
    size: undefined,
    identity: undefined,
    close: () => void state.closed++,
  });
  return { open, state };
}

describe('fingerprintRun', () => {
  it('hashes the input as it streams: its bytes and their sha256, the input closed after', async () => {
    const chunk = Buffer.from('{"a":1}\n');
    const { open, state } = input(chunk, 3);
    const print = await fingerprintRun('crm.entries.create', 'in.ndjson', args, null, open);
    expect(print.input).toEqual({
      bytes: 24,
      sha256: createHash('sha256')
        .update(Buffer.concat([chunk, chunk, chunk]))
        .digest('hex'),
    });
    expect(state.closed).toBeGreaterThan(0);
  });

  it('an input that never ends is cut short by a stop signal: the exit code of the signal, one sentence, the input closed', async () => {
    const stop = new AbortController();
    const { open, state } = input(Buffer.alloc(64 * 1024), undefined, (n) => n === 50 && stop.abort(new Interruption('SIGTERM')));
    const refusal = await fingerprintRun('crm.entries.create', '/dev/zero', args, null, open, undefined, stop.signal).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(SvcError);
    expect(refusal).toMatchObject({ message: 'interrupted (SIGTERM) while reading /dev/zero for --checkpoint: no line was started', exitCode: 143 });
    expect(state.read).toBe(50);
    expect(state.closed).toBeGreaterThan(0);
  });
});

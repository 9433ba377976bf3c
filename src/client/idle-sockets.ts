// How long a kept-alive connection of the node:http transport waits idle for its next request,
// decided as undici decides it for the undici transport: the server's Keep-Alive hint less 2 s
// (undici's keepAliveTimeoutThreshold), else 10 s (svc's keepAliveTimeout for undici). Bun's
// node:http Agent keeps an idle socket until the server closes it, and a request written to it as
// the server closes it is lost with `sent` true: a POST retried after a 429's Retry-After, exactly
// as long as the server's keep-alive, would be reported as perhaps applied. So a socket is closed
// before the server would close it, and the next request opens another.
import type { Socket } from 'node:net';

const DEFAULT_IDLE_MS = 10_000;
const THRESHOLD_MS = 2_000;
const MAX_IDLE_MS = 600_000;

/** Each socket's count of answers begun and ended: a timer set at one end closes the socket only if no request took it since. */
const turns = new WeakMap<Socket, number>();

/** A request took the socket: an idle timer set before it no longer closes it. */
export function socketTaken(socket: Socket): void {
  turns.set(socket, (turns.get(socket) ?? 0) + 1);
}

/** The socket's answer ended and it goes back to its pool: it is closed once idle for longer than the server allows. */
export function socketIdle(socket: Socket | undefined, keepAlive: string | undefined): void {
  if (!socket) return;
  const turn = (turns.get(socket) ?? 0) + 1;
  turns.set(socket, turn);
  const close = () => {
    if (turns.get(socket) === turn) socket.destroy();
  };
  const limit = idleLimit(keepAlive);
  if (limit <= 0) setImmediate(close);
  else setTimeout(close, limit).unref();
}

/** The longest a socket may wait idle, from the answer's Keep-Alive header (`timeout=5`). */
export function idleLimit(keepAlive: string | undefined): number {
  const hint = /(?:^|[,;\s])timeout\s*=\s*(\d+)/i.exec(keepAlive ?? '');
  if (!hint) return DEFAULT_IDLE_MS;
  return Math.min(Number(hint[1]) * 1000 - THRESHOLD_MS, MAX_IDLE_MS);
}

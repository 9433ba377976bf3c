import type { HttpRequest } from './transport.js';

/**
 * When a request must end: its timeout, or its caller's signal. Every request's deadline waits on
 * one timer, not a timer each; in a batch of thousands of calls, a `setTimeout` and an abort
 * listener made and cleared per call were a measurable share of its CPU per call.
 * Deadlines are kept in a list ordered by when they pass (requests made in turn with one timeout
 * arrive in order, so each goes at the end); the timer is set for the first. A request's deadline
 * leaves the list when the request ends, so memory does not grow with a batch (why not
 * AbortSignal.timeout, which lives for the whole timeout).
 */
export class RequestDeadline {
  aborted = false;
  expired = false;
  /** now() when the timeout passes; Infinity without one. */
  at = Infinity;
  prev: RequestDeadline | undefined;
  next: RequestDeadline | undefined;
  private listeners: (() => void)[] | undefined;
  /** The live deadlines of the caller's signal, this one among them, and its neighbours there. */
  caller: CallerDeadlines | undefined;
  callerPrev: RequestDeadline | undefined;
  callerNext: RequestDeadline | undefined;

  /** What the connection slots and the response collector read: `aborted` and 'abort' listeners. */
  addEventListener(_type: 'abort', listener: () => void): void {
    (this.listeners ??= []).push(listener);
  }

  removeEventListener(_type: 'abort', listener: () => void): void {
    const index = this.listeners?.indexOf(listener) ?? -1;
    if (index !== -1) this.listeners!.splice(index, 1);
  }

  abort(): void {
    if (this.aborted) return;
    this.aborted = true;
    const listeners = this.listeners;
    this.listeners = undefined;
    if (listeners) for (const listener of listeners) listener();
  }

  /** The request ended: its deadline no longer waits. */
  release(): void {
    if (this.at !== Infinity) queue.remove(this);
    this.caller?.remove(this);
  }
}

/**
 * A monotonic clock in ms. Not performance.now(): the `performance` global loads perf_hooks and
 * its timing modules on first use (~1 ms of a call's start-up).
 */
const now = (): number => process.uptime() * 1000;

/** Starts a request's deadline: from now, its timeout, and its caller's signal. */
export function startDeadline(req: Pick<HttpRequest, 'timeoutMs' | 'signal'>): RequestDeadline {
  const deadline = new RequestDeadline();
  if (req.signal?.aborted) deadline.abort();
  else if (req.signal) (deadline.caller = watchCaller(req.signal)).add(deadline);
  if (req.timeoutMs && !deadline.aborted) {
    deadline.at = now() + req.timeoutMs;
    queue.add(deadline);
  }
  return deadline;
}

/**
 * The live deadlines of one caller's signal, in a list through the deadlines themselves, each
 * unlinked when its request ends. Not a Set: a Set kept every call's deadline (and all it holds)
 * reachable from its table, which outlived V8's young generation, so the young generation grew
 * with the length of a batch, to about 100 MiB more at 100,000 calls.
 */
class CallerDeadlines {
  private head: RequestDeadline | undefined;

  add(deadline: RequestDeadline): void {
    deadline.callerNext = this.head;
    if (this.head) this.head.callerPrev = deadline;
    this.head = deadline;
  }

  remove(deadline: RequestDeadline): void {
    if (deadline.callerPrev) deadline.callerPrev.callerNext = deadline.callerNext;
    else if (this.head === deadline) this.head = deadline.callerNext;
    else return; // not in the list
    if (deadline.callerNext) deadline.callerNext.callerPrev = deadline.callerPrev;
    deadline.callerPrev = deadline.callerNext = undefined;
  }

  abortAll(): void {
    const live: RequestDeadline[] = [];
    for (let deadline = this.head; deadline; deadline = deadline.callerNext) live.push(deadline);
    for (const deadline of live) deadline.abort();
  }
}

/** One abort listener on each caller's signal for all of its deadlines. */
const callers = new WeakMap<AbortSignal, CallerDeadlines>();

function watchCaller(signal: AbortSignal): CallerDeadlines {
  let live = callers.get(signal);
  if (live) return live;
  const deadlines = (live = new CallerDeadlines());
  callers.set(signal, deadlines);
  signal.addEventListener('abort', () => deadlines.abortAll(), { once: true });
  return live;
}

/** The deadlines with a timeout, first to pass first, on one timer. */
const queue = (() => {
  let head: RequestDeadline | undefined;
  let tail: RequestDeadline | undefined;
  let timer: NodeJS.Timeout | undefined;
  let timerAt = Infinity;
  const arm = (at: number) => {
    if (timer !== undefined && timerAt <= at) return;
    clearTimeout(timer);
    timerAt = at;
    timer = setTimeout(fire, Math.max(0, Math.ceil(at - now())));
  };
  const fire = () => {
    timer = undefined;
    timerAt = Infinity;
    const time = now();
    while (head && head.at <= time) {
      const due = head;
      remove(due);
      due.expired = true;
      due.abort();
    }
    if (head) arm(head.at);
  };
  const remove = (deadline: RequestDeadline) => {
    if (deadline.prev) deadline.prev.next = deadline.next;
    else if (head === deadline) head = deadline.next;
    else return; // not in the list
    if (deadline.next) deadline.next.prev = deadline.prev;
    else tail = deadline.prev;
    deadline.prev = deadline.next = undefined;
    if (head === undefined) {
      clearTimeout(timer);
      timer = undefined;
      timerAt = Infinity;
    }
  };
  const add = (deadline: RequestDeadline) => {
    let after = tail;
    while (after && after.at > deadline.at) after = after.prev;
    deadline.prev = after;
    deadline.next = after ? after.next : head;
    if (deadline.next) deadline.next.prev = deadline;
    else tail = deadline;
    if (after) after.next = deadline;
    else head = deadline;
    if (head === deadline) arm(deadline.at);
  };
  return { add, remove };
})();

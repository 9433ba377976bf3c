/**
 * One pace for every request of a run (batch lines, their retries, `--paginate`'s pages): at most
 * `ceiling` starts per second (`--rate`), and one shared backoff when the service throttles. A 429,
 * or a 503 with Retry-After, halves the run's rate (from the rate it was sending at), and good
 * answers raise it again by a fixed step per second: additive increase, multiplicative decrease,
 * as TCP and the AWS SDKs' adaptive retry mode do. A Retry-After within the retry policy's bound
 * also holds every new request until it passes. Pausing alone is not enough: every line would wait
 * out the pause and send together again, into the next 429.
 */
export interface Pacer {
  /**
   * Asks to start a request. Undefined: start now. Otherwise it resolves when the request may
   * start, to the milliseconds it was held by a pause (0 if none), or to 'stopped' when the run
   * was stopped first, or `own` (the request's own signal: its caller's stop, a wait's deadline)
   * aborted: the request is then not sent, and its turn goes to the next.
   */
  take(own?: AbortSignal): Promise<number | 'stopped'> | undefined;
  /** Counts the decreases of the rate so far: read when a request starts, handed back with its answer. */
  readonly epoch: number;
  /**
   * Learns from an answer to a request started in `epoch`; says whether it was a throttle. Only
   * an answer to a request sent at the current rate lowers it again: the answers to requests
   * already in flight when it was lowered say nothing new.
   */
  answered(status: number, headers: Readonly<Record<string, string>>, epoch: number): boolean;
  stats(): ThrottleStats;
}

/** What the progress line and the summary say of throttling. */
export interface ThrottleStats {
  /** Answers 429 Too Many Requests. */
  answered429: number;
  /** Answers 503 with Retry-After. */
  answered503: number;
  /** Pauses every request waited out (a Retry-After). */
  pauses: number;
  /** Starts per second allowed now: undefined while nothing limits them. */
  rate: number | undefined;
  /** Whether the service has throttled this run. */
  throttled: boolean;
}

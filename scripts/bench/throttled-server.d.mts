export interface ThrottleOptions {
  /** Requests admitted per second (default 100). */
  perSecond?: number;
  /** The bucket's size: requests admitted at once after a quiet spell (default 20). */
  burst?: number;
  /** Seconds a 429 asks to wait (`Retry-After`); none when absent. */
  retryAfter?: number;
  /** Milliseconds before each answer (default 5). */
  latencyMs?: number;
}

export interface ThrottleCounts {
  /** Every request received. */
  requests: number;
  /** Requests answered 429. */
  refused: number;
  /** When each request arrived (performance.now()). */
  arrivals: number[];
  /** Requests received per line (a draft id, or an entry's data.name). */
  perLine: Map<string, number>;
  /** Times each POSTed entry was applied (admitted). */
  applied: Map<string, number>;
}

export interface ThrottledServer {
  origin: string;
  /** `origin` + `/v1`. */
  url: string;
  counts: ThrottleCounts;
  close(): Promise<void>;
}

/** A service on 127.0.0.1 with a token-bucket rate limit: what it admits it answers, the rest 429 before applying anything. */
export function startThrottledServer(options?: ThrottleOptions): Promise<ThrottledServer>;

import { describe, expect, it } from 'vitest';
import { CAP_MS, nextStep, pauseAfter } from '../../src/core/wait-schedule.js';

// When a wait polls next: the pure rules of src/core/wait-schedule.ts, at the edges.

describe('pauseAfter: the interval, growing by half each poll, jittered down by up to a quarter, to a cap', () => {
  it('grows by half from the interval; at the least jitter it is the ceiling itself', () => {
    expect([1, 2, 3, 4].map((poll) => pauseAfter(poll, 1000, () => 0))).toEqual([1000, 1500, 2250, 3375]);
  });

  it('is never shorter than the interval, whatever the jitter', () => {
    expect(pauseAfter(1, 1000, () => 0.999)).toBe(1000);
    expect(pauseAfter(2, 1000, () => 0.999)).toBe(1125);
    expect(pauseAfter(2, 1000, () => 0.5)).toBe(1313);
  });

  it('stops growing at 30 s, or at the interval when that is longer', () => {
    expect(pauseAfter(40, 1000, () => 0)).toBe(CAP_MS);
    expect(pauseAfter(40, 1000, () => 0.999)).toBe(22_508);
    expect(pauseAfter(3, 60_000, () => 0.5)).toBe(60_000);
    expect(pauseAfter(1, 45_000, () => 0)).toBe(45_000);
  });
});

describe('nextStep', () => {
  const base = { now: 10_000, deadline: 100_000, poll: 1, intervalMs: 1000, random: () => 0 };

  it('polls after the pause, or later when the service asked for longer', () => {
    expect(nextStep(base)).toEqual({ poll: true, at: 11_000, asked: false });
    expect(nextStep({ ...base, retryAfterMs: 5000 })).toEqual({ poll: true, at: 15_000, asked: true });
    // A Retry-After shorter than the pause, or as long, changes nothing: never sooner than the wait's own pace.
    expect(nextStep({ ...base, retryAfterMs: 500 })).toEqual({ poll: true, at: 11_000, asked: false });
    expect(nextStep({ ...base, retryAfterMs: 1000 })).toEqual({ poll: true, at: 11_000, asked: false });
  });

  it('polls last at the deadline when the pause would pass it but a whole interval fits', () => {
    expect(nextStep({ ...base, poll: 5, deadline: 14_000 })).toEqual({ poll: true, at: 14_000, asked: false });
    expect(nextStep({ ...base, poll: 5, deadline: 11_000 })).toEqual({ poll: true, at: 11_000, asked: false });
  });

  it('ends at the deadline when not even an interval fits before it', () => {
    expect(nextStep({ ...base, deadline: 10_999 })).toEqual({ poll: false, end: 'deadline', at: 10_999 });
  });

  it('ends now when the service asks to wait past the deadline', () => {
    expect(nextStep({ ...base, deadline: 20_000, retryAfterMs: 10_001 })).toEqual({ poll: false, end: 'retry-after', askedMs: 10_001 });
    expect(nextStep({ ...base, deadline: 20_000, retryAfterMs: 10_000 })).toEqual({ poll: true, at: 20_000, asked: true });
  });
});

import { describe, expect, it } from 'vitest';
import { terminalSafeLine, terminalSafe, visibleControl } from '../../src/output/terminal-safe.js';

// The edges of what terminalSafe shows and keeps: the last control before a printable character,
// the first printable after one, and the longest colour sequence svc may write.

describe('visibleControl at the edges of each range', () => {
  it.each([
    ['\u0000', '^@'],
    ['\u001b', '^['],
    ['\u001f', '^_'],
    ['\u007f', '^?'],
    ['\u0080', '^[@'],
    ['\u009b', '^[['],
    ['\u009f', '^[_'],
    ['\u202a', '<U+202A>'],
    ['\u2069', '<U+2069>'],
  ])('%j -> %s', (char, shown) => {
    expect(visibleControl(char)).toBe(shown);
  });
});

describe('terminalSafe keeps every printable character and shows every control', () => {
  it.each([
    ['\u0008', '^H'],
    ['\u000b', '^K'],
    ['\u000c', '^L'],
    ['\u000d', '^M'],
    ['\u001f', '^_'],
    ['\u007f', '^?'],
    ['\u0080', '^[@'],
    ['\u009f', '^[_'],
    ['\u202a', '<U+202A>'],
    ['\u202e', '<U+202E>'],
    ['\u2066', '<U+2066>'],
    ['\u2069', '<U+2069>'],
  ])('shows %j', (char, shown) => {
    expect(terminalSafe(`a${char}b`, { newlines: true })).toBe(`a${shown}b`);
    expect(terminalSafeLine(`a${char}b`)).toBe(`a${shown}b`);
  });

  it.each(['\t', ' ', '~', '\u00a0', 'é', '\u2029', '\u2065', '\u206a', '\u202f', '\u2027'])('keeps %j', (char) => {
    expect(terminalSafe(`a${char}b`, { newlines: true })).toBe(`a${char}b`);
  });

  it('a line break is kept for multi-line output and shown in one line', () => {
    expect(terminalSafe('a\nb', { newlines: true })).toBe('a\nb');
    expect(terminalSafe('a\nb', { newlines: false })).toBe('a^Jb');
  });

  it('gives the same answer however often it is asked (no state left between calls)', () => {
    for (let i = 0; i < 3; i++) {
      expect(terminalSafe('x\u001b[2J', { newlines: true })).toBe('x^[[2J');
      expect(terminalSafe('clean', { newlines: true })).toBe('clean');
      expect(terminalSafeLine('y\n')).toBe('y^J');
    }
  });
});

describe('only svc colour (SGR, up to five numbers of up to three digits) survives', () => {
  it.each(['\u001b[m', '\u001b[0m', '\u001b[1;31m', '\u001b[38;5;196m', '\u001b[38;2;255;128;0m', '\u001b[;1m'])('keeps %j', (sequence) => {
    expect(terminalSafe(`${sequence}x`, { newlines: true, colour: true })).toBe(`${sequence}x`);
  });

  it.each([
    ['\u001b[1000m', '^[[1000m'],
    ['\u001b[38;2;255;128;0;1m', '^[[38;2;255;128;0;1m'],
    ['\u001b[31', '^[[31'],
    ['\u001b[2K', '^[[2K'],
    ['\u001b]0;t\u0007', '^[]0;t^G'],
  ])('shows %j', (sequence, shown) => {
    expect(terminalSafe(`${sequence}x`, { newlines: true, colour: true })).toBe(`${shown}x`);
  });

  it('a colour after other text is recognised where it starts', () => {
    expect(terminalSafe('ab\u001b[2J\u001b[32mok', { newlines: true, colour: true })).toBe('ab^[[2J\u001b[32mok');
  });
});

describe('colour is kept only when asked for', () => {
  it("stderr and piped text (no colour asked) show even svc's own colour sequence", () => {
    expect(terminalSafe('\u001b[31mred\u001b[0m', { newlines: true })).toBe('^[[31mred^[[0m');
    expect(terminalSafe('\u001b[31mred', { newlines: true, colour: false })).toBe('^[[31mred');
    expect(terminalSafeLine('\u001b[1mbold')).toBe('^[[1mbold');
  });
});

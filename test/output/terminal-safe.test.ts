import { describe, expect, it } from 'vitest';
import { terminalSafeLine, terminalSafe, visibleControl } from '../../src/output/terminal-safe.js';

// What a hostile server may put in any text svc shows: each must be shown, never obeyed.
const attacks: [string, string, string][] = [
  ['set the window title (OSC 0, BEL)', '\u001b]0;pwned\u0007', '^[]0;pwned^G'],
  ['set the window title (OSC 2, ST)', '\u001b]2;pwned\u001b\\', '^[]2;pwned^[\\'],
  ['clear the screen (CSI 2J)', '\u001b[2J\u001b[H', '^[[2J^[[H'],
  ['move the cursor up and erase the line', '\u001b[1A\u001b[2K', '^[[1A^[[2K'],
  ['a hyperlink (OSC 8)', '\u001b]8;;http://evil.example\u001b\\click\u001b]8;;\u001b\\', '^[]8;;http://evil.example^[\\click^[]8;;^[\\'],
  ['write the clipboard (OSC 52)', '\u001b]52;c;cm0gLXJm\u0007', '^[]52;c;cm0gLXJm^G'],
  ['8-bit CSI (C1 U+009B)', '\u009b2J', '^[[2J'],
  ['8-bit OSC (C1 U+009D)', '\u009d0;t\u009c', '^[]0;t^[\\'],
  ['device control string (DCS)', '\u001bPq#0\u001b\\', '^[Pq#0^[\\'],
  ['a carriage return that overwrites the line', 'ok\rforged', 'ok^Mforged'],
  ['backspaces', 'abc\b\b\bxyz', 'abc^H^H^Hxyz'],
  ['NUL and DEL', 'a\u0000b\u007fc', 'a^@b^?c'],
  ['a bidi override that reverses what a line says', 'user\u202Egnp.exe', 'user<U+202E>gnp.exe'],
  ['a colour sequence from the server', '\u001b[31mred\u001b[0m', '^[[31mred^[[0m'],
];

describe('terminalSafe', () => {
  it.each(attacks)('shows, never obeys: %s', (_name, text, shown) => {
    expect(terminalSafe(text, { newlines: true })).toBe(shown);
    expect(terminalSafe(text, { newlines: true })).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
  });

  it('keeps text, tabs and newlines as they are, unicode included', () => {
    const text = 'Grüße, 日本\tcolumn\nnext line 🎉';
    expect(terminalSafe(text, { newlines: true })).toBe(text);
  });

  it('keeps only plain colour (SGR) sequences, and only when svc writes colour', () => {
    const painted = '\u001b[1mname\u001b[22m \u001b[32m"x"\u001b[39m';
    expect(terminalSafe(painted, { newlines: true, colour: true })).toBe(painted);
    expect(terminalSafe(painted, { newlines: true, colour: false })).toBe('^[[1mname^[[22m ^[[32m"x"^[[39m');
    expect(terminalSafe('\u001b[2J\u001b]0;t\u0007', { newlines: true, colour: true })).toBe('^[[2J^[]0;t^G');
  });

  it('terminalSafeLine shows line breaks too, so a message cannot start a second "svc:" line', () => {
    expect(terminalSafeLine('bad key\nsvc: all good\r\n')).toBe('bad key^Jsvc: all good^M^J');
  });

  it('every C0 and C1 control has a visible form made of printable characters', () => {
    for (let code = 0; code <= 0x9f; code++) {
      if (code >= 0x20 && code < 0x7f) continue;
      expect(visibleControl(String.fromCharCode(code))).toMatch(/^[\x20-\x7e]+$/);
    }
  });
});

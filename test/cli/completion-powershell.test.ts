import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expandAlias, splitAliasWords } from '../../src/cli/aliases.js';
import { powershellScript, powershellString } from '../../src/cli/completion/powershell.js';
import { run } from '../../src/cli/run.js';
import { createFakeContext } from '../support/fake-context.js';

// No PowerShell is to be had from Debian's packages or the npm registry here, so the script is
// checked by reading it back as PowerShell would read its literals and tables.

/** PowerShell's reading of one single-quoted literal at `text[start]`: its value and where it ends. */
function readLiteral(text: string, start: number): { value: string; end: number } {
  const quotes = new Set(["'", '\u2018', '\u2019', '\u201a', '\u201b']);
  if (!quotes.has(text[start]!)) throw new Error(`no literal at ${start}`);
  let value = '';
  for (let i = start + 1; i < text.length; i++) {
    if (!quotes.has(text[i]!)) value += text[i];
    else if (quotes.has(text[i + 1]!)) value += text[++i];
    else return { value, end: i + 1 };
  }
  throw new Error('unclosed literal');
}

/** The tables the script sets: `$name['key'] = @('a', 'b')`, read back. */
function readTables(script: string): Record<string, Map<string, string[]>> {
  const tables: Record<string, Map<string, string[]>> = {};
  for (const line of script.split('\n')) {
    const head = /^\$(__svc_\w+)\[/.exec(line);
    if (!head) continue;
    const key = readLiteral(line, head[0].length);
    const rest = line.slice(key.end);
    expect(rest.startsWith('] = @(')).toBe(true);
    const words: string[] = [];
    let i = key.end + '] = @('.length;
    while (line[i] !== ')') {
      const word = readLiteral(line, i);
      words.push(word.value);
      i = word.end;
      if (line.startsWith(', ', i)) i += 2;
    }
    expect(i).toBe(line.length - 1);
    (tables[head[1]!] ??= new Map()).set(key.value, words);
  }
  return tables;
}

async function script(): Promise<string> {
  const fake = createFakeContext();
  await fake.ctx.config().then((store) => store.updateAliases(() => ({ dg: 'email drafts get' })));
  expect(await run(['completion', 'powershell'], fake.ctx)).toBe(0);
  expect(fake.err()).toBe('');
  return fake.out();
}

describe('svc completion powershell', () => {
  it('registers a native completer for svc whose tables hold every command path, flag and choice', async () => {
    const text = await script();
    expect(text).toContain('Register-ArgumentCompleter -Native -CommandName svc -ScriptBlock {');
    const tables = readTables(text);
    expect(tables.__svc_subcommands!.get('')).toEqual(expect.arrayContaining(['email', 'crm', 'files', 'campaigns', 'api', 'completion', 'alias', 'dg']));
    expect(tables.__svc_subcommands!.get('email drafts')).toEqual(['get']);
    expect(tables.__svc_flags!.get('dg')).toEqual(tables.__svc_flags!.get('email drafts get'));
    expect(tables.__svc_choices!.get(' --output')).toEqual(['json', 'yaml', 'table', 'ndjson']);
    expect(tables.__svc_args!.get('completion')).toEqual(['bash', 'zsh', 'fish', 'powershell']);
    expect(tables.__svc_description!.get(' dg')).toEqual(['alias for email drafts get']);
    // Every table is made case-sensitive before it is filled: -V and -v are different flags.
    for (const name of Object.keys(tables)) expect(text).toContain(`$${name} = [System.Collections.Hashtable]::new([System.StringComparer]::Ordinal)`);
  });

  it('the completer block is balanced: braces and parentheses outside strings pair up', async () => {
    const text = await script();
    const block = text.slice(text.indexOf('Register-ArgumentCompleter'));
    const outside = block.replace(/'[^']*'|"[^"]*"/g, '');
    for (const [open, close] of [
      ['{', '}'],
      ['(', ')'],
    ] as const)
      expect(outside.split(open).length, open).toBe(outside.split(close).length);
  });

  it('any text, typographic quotes included, reads back as itself from its literal', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', ' ', "'", '\u2018', '\u2019', '\u201a', '\u201b', '"', '$', '`', 'é') }), (text) => {
        const literal = powershellString(text);
        expect(readLiteral(literal, 0)).toEqual({ value: text, end: literal.length });
      }),
    );
    expect(powershellScript([]).length).toBeGreaterThan(0);
  });
});

describe('alias words', () => {
  it('split as a shell splits them, nothing expanded', () => {
    expect(splitAliasWords(`crm entries create companies --data 'name=Acme Corp' --data "x=\\"y\\"" a\\ b $HOME`)).toEqual([
      'crm',
      'entries',
      'create',
      'companies',
      '--data',
      'name=Acme Corp',
      '--data',
      'x="y"',
      'a b',
      '$HOME',
    ]);
    expect(splitAliasWords(`get ''`)).toEqual(['get', '']);
  });

  it('any words quoted one by one split back into themselves', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: fc.constantFrom('a', ' ', "'", '"', '\\', '$', '\t') }), { minLength: 1 }), (words) => {
        const quoted = words.map((word) => `'${word.replace(/'/g, `'\\''`)}'`).join(' ');
        expect(splitAliasWords(quoted)).toEqual(words);
      }),
    );
  });

  it('$N takes the Nth argument after the alias once; the rest follow in order', () => {
    expect(expandAlias(['--profile', 'p', 'occ', 's1', '--output', 'json'], 2, ['crm', 'list', '$1']).argv).toEqual([
      '--profile',
      'p',
      'crm',
      'list',
      's1',
      '--output',
      'json',
    ]);
    expect(expandAlias(['x', 'a', 'b'], 0, ['cmd', '$2', '$1', '$1']).argv).toEqual(['cmd', 'b', 'a', 'a']);
    expect(() => expandAlias(['x', 'a'], 0, ['cmd', '$2'])).toThrow('alias "x" needs argument $2, and only 1 was given');
  });
});

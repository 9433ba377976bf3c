import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { optionPart, readCommandLine, walkCommands } from '../../src/cli/command-line.js';

const takesValue = new Set(['--profile', '-p', '--base-url', '--output', '-o']);

describe('readCommandLine: argv read once', () => {
  it.each([
    [['email', 'drafts', 'get', 'dr_1'], ['email', 'drafts', 'get', 'dr_1'], 'email', -1],
    [['--profile', 'work', 'email', '-o', 'json', 'drafts'], ['email', 'drafts'], 'email', -1],
    [['--base-url', 'email', 'crm'], ['crm'], 'crm', -1],
    [['--debug', 'email', '--', 'drafts'], ['email'], 'email', 2],
    [['--', 'email'], [], 'email', 0],
    [['--help'], [], undefined, -1],
    [['--profile'], [], undefined, -1],
  ])('%j: words %j, command word %s, -- at %i', (argv, words, first, end) => {
    const line = readCommandLine(argv, takesValue);
    expect(line.words.map((w) => w.word)).toEqual(words);
    expect(line.first?.word).toBe(first);
    expect(line.end).toBe(end);
    for (const { word, at } of line.words) expect(argv[at]).toBe(word);
  });

  it('keeps the options before -- apart from what follows it', () => {
    expect(optionPart(readCommandLine(['files', 'delete', '--input', 'x', '--', '--input'], takesValue))).toEqual(['files', 'delete', '--input', 'x']);
  });
});

describe('walkCommands: one walk down the tree', () => {
  const program = new Command('svc');
  const email = program.command('email');
  const drafts = email.command('drafts');
  drafts.command('get').argument('<draftId>');
  const walk = (argv: string[], stopAt?: number) => walkCommands(program, readCommandLine(argv, takesValue), stopAt);

  it('names a group and nothing after it: a bare group', () => {
    expect(walk(['email', 'drafts'])).toMatchObject({ command: drafts, named: true });
    expect(walk(['email', 'drafts']).unknown).toBeUndefined();
  });

  it('stops at a command that takes arguments: the words after it are its arguments, not unknown commands', () => {
    const walked = walk(['email', 'drafts', 'get', 'dr_1', 'more']);
    expect(walked.command.name()).toBe('get');
    expect(walked.named).toBe(false);
    expect(walked.unknown).toBeUndefined();
  });

  it('finds the first word that names nothing under a group', () => {
    expect(walk(['email', 'nosuch', 'get'])).toMatchObject({ command: email, named: false, unknown: { word: 'nosuch', at: 1 } });
  });

  it('judges no word after an option the root does not know: it may be that option value', () => {
    const walked = walk(['email', '--input', 'nosuch'], 1);
    expect(walked).toMatchObject({ command: email, named: false });
    expect(walked.unknown).toBeUndefined();
    expect(walk(['email', '--input', 'nosuch']).unknown).toEqual({ word: 'nosuch', at: 2 });
  });
});

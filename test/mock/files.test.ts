import { describe, expect, it } from 'vitest';
import { useMockSession } from './mock-session.js';

const mock = useMockSession();

const deletePath = (path: string) => mock.call('DELETE', '/v1/files', { body: { path } });
const paths = async (): Promise<string[]> => Object.keys((await mock.state()).files).sort();

describe('files delete', () => {
  it('starts from the seeded tree, parents listed as directories', async () => {
    expect((await mock.state()).files).toEqual({
      reports: 'directory',
      'reports/2026': 'directory',
      'reports/2026/q3.csv': 'file',
      'reports/2026/q4.csv': 'file',
      notes: 'directory',
      'notes/todo.md': 'file',
      tmp: 'directory',
      'tmp/scratch.txt': 'file',
      archive: 'directory',
    });
  });

  it('removes one file and answers its path', async () => {
    const answer = await deletePath('reports/2026/q3.csv');
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ path: 'reports/2026/q3.csv' });
    expect(await paths()).toEqual(['archive', 'notes', 'notes/todo.md', 'reports', 'reports/2026', 'reports/2026/q4.csv', 'tmp', 'tmp/scratch.txt']);
  });

  it('removes a directory and everything under it, normalising the trailing slash', async () => {
    const answer = await deletePath('reports/');
    expect(answer.json).toEqual({ path: 'reports' });
    expect(await paths()).toEqual(['archive', 'notes', 'notes/todo.md', 'tmp', 'tmp/scratch.txt']);
  });

  it('does not treat a name prefix as a parent directory', async () => {
    const answer = await deletePath('note');
    expect(answer.json).toBeNull();
    expect(await paths()).toContain('notes/todo.md');
  });

  it('answers JSON null with 200 for a missing path, also on the second delete', async () => {
    expect((await deletePath('tmp')).json).toEqual({ path: 'tmp' });
    const again = await deletePath('tmp/');
    expect(again.status).toBe(200);
    expect(again.text).toBe('null');
  });

  it('refuses the workspace root and an empty path with 400', async () => {
    const root = await deletePath('/');
    expect(root.status).toBe(400);
    expect(root.json.error).toEqual({
      message: 'Refusing to delete the workspace root; name a file or directory.',
      type: 'invalid_request_error',
      code: 'invalid_request',
    });
    const empty = await deletePath('');
    expect(empty.json.error.details).toEqual([{ path: 'path', message: 'Too small: expected string to have >=1 characters' }]);
    expect(await paths()).toHaveLength(9);
  });
});

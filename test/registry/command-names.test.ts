import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { commandWords, componentName } from '../../registry/command-names.js';
import { combineOperations, defineOperations, type Operations } from '../../registry/define.js';
import { buildCompletionModel } from '../../src/cli/completion/model.js';
import { addAreaCommands } from '../../src/cli/tree.js';
import { buildOpenApiDocument } from '../../src/openapi/document.js';
import { api } from '../../registry/api.js';
import { createFakeContext } from '../support/fake-context.js';

const op = (path: string) => ({ method: 'GET', path, summary: 's', args: [], response: z.looseObject({}), safety: 'safe', examples: ['svc x'] }) as const;

/** Operations with these ids, each on a path of its own. */
const withIds = (...ids: string[]): Operations => Object.fromEntries(ids.map((id, i) => [id, op(`/p${i}`)]));

describe('operation ids with hyphens inside their words', () => {
  it.each(['repos_get-content', 'repos_get-content_v2', 'code-scanning_list-alerts-for-repo', 'a1_b-2-c', 'email_drafts_get'])('accepts %s', (id) => {
    expect(() => defineOperations(withIds(id))).not.toThrow();
  });

  it.each([
    'repos_-get',
    'repos_get-',
    'repos_get--content',
    '-repos_get',
    'repos-_get',
    'repos_Get-content',
    'repos_get_1x',
    'repos',
    'repos_get content',
    'repos__get',
    'repos_get.content',
  ])('refuses %s in one sentence naming it', (id) => {
    expect(() => defineOperations(withIds(id))).toThrow(`Operation ${id}: the id must be lower-case words joined by "_"`);
  });

  it('gives a word with hyphens as one command word, and component names split on both separators', () => {
    expect(commandWords('repos_get-content')).toEqual(['repos', 'get-content']);
    expect(componentName('repos_get-content')).toBe('ReposGetContent');
    expect(componentName('email_drafts_get')).toBe('EmailDraftsGet');
  });
});

describe('ids that cannot be commands of one tree', () => {
  it('refuses a command that another id makes a group, in either order and across areas', () => {
    const message =
      'Operation repos_get names the command "svc repos get", which repos_get_content makes a group of commands; a command cannot also be a group';
    expect(() => defineOperations(withIds('repos_get', 'repos_get_content'))).toThrow(message);
    expect(() => defineOperations(withIds('repos_get_content', 'repos_get'))).toThrow(message);
    expect(() => combineOperations(withIds('repos_get'), { repos_get_content: op('/other') })).toThrow(message);
  });

  it('refuses two commands that would share a manual page', () => {
    expect(() => defineOperations(withIds('repos_get-content', 'repos_get_content'))).toThrow(
      'Operation repos_get_content and repos_get-content name the commands "svc repos get content" and "svc repos get-content", which would share the manual page svc-repos-get-content',
    );
    // A group (svc repos get-x) and a command (svc repos get x) are pages too.
    expect(() => defineOperations(withIds('repos_get-x_list', 'repos_get_x'))).toThrow('which would share the manual page svc-repos-get-x');
  });

  it('refuses two ids that would share an OpenAPI component name', () => {
    expect(() => defineOperations(withIds('repos_a1-b', 'repos_a-1-b'))).toThrow(
      'Operation repos_a-1-b and repos_a1-b would share the OpenAPI component name ReposA1B',
    );
  });

  it('accepts siblings whose words only share a beginning', () => {
    expect(() => defineOperations(withIds('repos_get', 'repos_get-content', 'repos_gets_x', 'repos_list_for-user'))).not.toThrow();
  });
});

describe('every consumer takes a hyphenated word as one command word', () => {
  const operations = defineOperations({ 'repos_get-content': { ...op('/repos/{owner}/contents'), args: ['owner'], examples: ['svc repos get-content octo'] } });

  it('builds `svc repos get-content` and completes it', () => {
    const root = new Command('svc');
    addAreaCommands(root, 'repos', 'Repositories', operations, createFakeContext().ctx);
    const [repos] = root.commands;
    expect(repos!.commands.map((c) => c.name())).toEqual(['get-content']);
    const nodes = buildCompletionModel(root);
    expect(nodes.find((node) => node.path === 'repos')?.subcommands).toEqual(['get-content']);
    expect(nodes.map((node) => node.path)).toContain('repos get-content');
  });

  it('exports the operation with its id and its component names', () => {
    const doc = buildOpenApiDocument({ operations, areas: { repos: { summary: 'Repositories' } }, api }) as {
      paths: Record<string, Record<string, { operationId: string }>>;
      components: { schemas: Record<string, unknown> };
    };
    expect(doc.paths['/repos/{owner}/contents']!.get!.operationId).toBe('repos_get-content');
    expect(Object.keys(doc.components.schemas)).toContain('ReposGetContentResponse');
  });
});

import { describe, expect, it } from 'vitest';
import { pathTemplateProblem } from '../../registry/path-template.js';

// What keeps an operation's path template from being joined to the base URL as it is written.

const OUT = "which would take a request out of the API's path";

describe('pathTemplateProblem', () => {
  it.each([
    '/',
    '/a',
    '/a/',
    '/a/{id}',
    '/a/{id}.json',
    '/a/..b/c..',
    '/a/.well-known',
    '/v1/{id}:cancel',
    '/a/%7Bx%7D',
    '/a/%zz',
    '/a/~b/@c/*',
    '/é/{id}',
    '/a/{a b}',
    '/a/{x?}/{.}/{..}',
  ])('accepts %s', (path) => expect(pathTemplateProblem(path)).toBeUndefined());

  it.each([
    ['a/{id}', 'must start with "/"'],
    ['', 'must start with "/"'],
    ['/a?b=1', 'holds "?", which no path of an API holds'],
    ['/a#b', 'holds "#", which no path of an API holds'],
    ['/a b', 'holds a space, which no path of an API holds'],
    ['/a\tb', 'holds U+0009, which no path of an API holds'],
    ['/a\u2028b', 'holds U+2028, which no path of an API holds'],
    ['/a\u0085b', 'holds U+0085, which no path of an API holds'],
    ['/a\u007fb', 'holds U+007F, which no path of an API holds'],
    ['/a\\b', `holds a backslash, ${OUT}`],
    ['//a', `holds an empty segment ("//"), ${OUT}`],
    ['/a//b', `holds an empty segment ("//"), ${OUT}`],
    ['/a//', `holds an empty segment ("//"), ${OUT}`],
    ['/.', `holds a "." or ".." segment, ${OUT}`],
    ['/..', `holds a "." or ".." segment, ${OUT}`],
    ['/a/./b', `holds a "." or ".." segment, ${OUT}`],
    ['/a/../b', `holds a "." or ".." segment, ${OUT}`],
    ['/a/%2e%2E/b', `holds a "." or ".." segment, ${OUT}`],
    ['/a/%2e/b', `holds a "." or ".." segment, ${OUT}`],
    ['/a%2f..%2fb', `holds a "." or ".." segment, ${OUT}`],
    ['/a%5c..%5cb', `holds a "." or ".." segment, ${OUT}`],
    ['/a/%252e%252e/b', `holds a "." or ".." segment, ${OUT}`],
    ['/a/%25252e%25252e/b', `holds a "." or ".." segment, ${OUT}`],
    ['/a/\uff0e\uff0e/b', `holds a "." or ".." segment, ${OUT}`],
    ['/a/%EF%BC%8E%EF%BC%8E/b', `holds a "." or ".." segment, ${OUT}`],
  ])('refuses %j: %s', (path, problem) => expect(pathTemplateProblem(path)).toBe(problem));

  it('decodes each run of escapes on its own, as often as it decodes, whatever else the path holds', () => {
    expect(pathTemplateProblem('/a/%2e%2e/%zz')).toBe(`holds a "." or ".." segment, ${OUT}`);
    expect(pathTemplateProblem('/a/%c0%ae/%2e%2e')).toBe(`holds a "." or ".." segment, ${OUT}`);
    expect(pathTemplateProblem('/a/%2525252e%2525252e/b')).toBe(`holds a "." or ".." segment, ${OUT}`);
    expect(pathTemplateProblem('/a/%25252e%25252ex/b')).toBeUndefined();
  });
});

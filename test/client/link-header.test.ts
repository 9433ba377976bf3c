import { describe, expect, it } from 'vitest';
import { nextLinkOf, parseLinkHeader } from '../../src/client/link-header.js';

const base = 'https://api.example.com/v1/items?page=1';

describe('parseLinkHeader (RFC 8288)', () => {
  it('reads several links, quoted values with commas and escapes, and the first of a repeated parameter', () => {
    const links = parseLinkHeader('<https://a.example/x?a=1,2>; rel="next"; title="a, \\"b\\"; c", </y>;rel=prev;rel=next, <z> ; REL = "last"');
    expect(links).toEqual([
      { target: 'https://a.example/x?a=1,2', params: { rel: 'next', title: 'a, "b"; c' } },
      { target: '/y', params: { rel: 'prev' } },
      { target: 'z', params: { rel: 'last' } },
    ]);
  });

  it('skips an element that is not a link and keeps reading', () => {
    expect(parseLinkHeader('garbage; rel="next", "quoted, comma" , <ok>; rel=next').map((link) => link.target)).toEqual(['ok']);
    expect(parseLinkHeader('')).toEqual([]);
    expect(parseLinkHeader('<unclosed; rel=next')).toEqual([]);
  });
});

describe('nextLinkOf', () => {
  it.each([
    ['<?page=2>; rel="next"', 'https://api.example.com/v1/items?page=2'],
    ['<items?page=2>; rel=next', 'https://api.example.com/v1/items?page=2'],
    ['</v1/items?page=2>; rel="last next"', 'https://api.example.com/v1/items?page=2'],
    ['<../other>; rel="NEXT"', 'https://api.example.com/other'],
    ['<https://evil.example/steal>; rel="next"', 'https://evil.example/steal'],
    ['<a>; rel="prev", <b>; rel="next"', 'https://api.example.com/v1/b'],
  ])('%s resolves against the request URL to %s', (header, url) => {
    expect(nextLinkOf(header, base)).toEqual({ url });
  });

  it('finds no next link where rel names another relation or none', () => {
    expect(nextLinkOf(undefined, base)).toBeUndefined();
    expect(nextLinkOf('<b>; rel="nextpage prev"', base)).toBeUndefined();
    expect(nextLinkOf('<b>; title="rel=next"', base)).toBeUndefined();
  });

  it('says so when the target is no URL', () => {
    expect(nextLinkOf('<http://[::1>; rel="next"', base)).toEqual({ problem: 'its next link <http://[::1> is not a URL' });
  });
});

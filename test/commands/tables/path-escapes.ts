// Spellings of a path that a server or a proxy on the way might decode into one that leaves the
// base URL, for test/commands/path-escapes.test.ts; apart so test/readme-figures.test.ts can count it.
// Each must be refused by `svc api` (exit 2) with nothing sent.

export const pathEscapes: string[] = [
  '/../admin',
  '/a/%2e%2e/b',
  '/a/%2E%2E/b',
  '/a/.%2e/b',
  '/a/%252e%252e/b', // decoded twice
  '/a/%25252e%25252e/b', // decoded three times
  '/a/..%2Fb', // an encoded slash a proxy decodes
  '/a/%2e%2e%2fadmin',
  '/a%2F%2Fevil.example.com',
  '/%2F%2Fevil.example.com/x',
  '/a/%5C..%5Cb', // encoded backslash
  '/a\\..\\b',
  '/a/..;/b', // Tomcat's path parameter
  '/a/%2e%2e;x=1/b',
  '/a/．．/b', // fullwidth full stops, NFKC-normalised to ".."
  '/a/%EF%BC%8E%EF%BC%8E/b',
  '/a／..／b', // fullwidth solidus
  '/a/%c0%ae%c0%ae/b', // an overlong UTF-8 dot, not UTF-8 at all
  '/a/... /b',
  '/a%0d%0aHost:%20evil.example.com', // header injection
  '/a%00.json',
  '//evil.example.com/x',
  '/\\evil.example.com',
  'https://evil.example.com/v1/x',
  'javascript:alert(1)',
  '/a#@evil.example.com',
];

import { describe, expect, it } from 'vitest';
import { buildName } from '../../src/cli/build-name.js';

describe('the build svc --version names', () => {
  it('is the npm package on Node.js, with its version', () => {
    expect(buildName({ node: '24.21.0', v8: '13.6' })).toBe('npm, Node.js 24.21.0');
  });

  it('is the standalone binary on Bun, with its version, whatever Node.js version Bun reports', () => {
    expect(buildName({ node: '24.3.0', bun: '1.4.5' })).toBe('standalone, Bun 1.4.5');
  });

  it('names the runtime this test runs on', () => {
    expect(buildName()).toBe(`npm, Node.js ${process.versions.node}`);
  });
});

import { describe, expect, it } from 'vitest';
import { GUIDE_GROUPS, groupGuides } from '../../src/cli/reference/guide-groups.js';
import { guideFiles } from './doc-sources.js';

// The guides are listed by what the reader is doing; a new guide must be placed in a group, or the
// manual, `svc help topics` and the sidebar would leave it out.

const names = guideFiles().map((path) => path.replace(/^docs\/guide\/|\.md$/g, ''));

describe('the guide groups', () => {
  it('hold every guide of docs/guide exactly once, and no name that is not a guide', () => {
    const placed = GUIDE_GROUPS.flatMap((group) => group.guides);
    expect([...placed].sort()).toEqual([...names].sort());
    expect(new Set(placed).size).toBe(placed.length);
  });

  it('refuse a guide in no group, naming it', () => {
    expect(() => groupGuides([...names, 'new-topic'], (name) => name)).toThrow(/guides in no group .*: new-topic$/);
  });

  it('keep the groups in reading order, and leave out one with none of the guides given', () => {
    expect(groupGuides(['batch', 'install'], (name) => name)).toEqual([
      { title: 'Start', guides: ['install'] },
      { title: 'Automation and CI', guides: ['batch'] },
    ]);
  });
});

import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type AddedAreas, readAddedAreas } from '../../src/areas/added-areas.js';
import { profileFolderName, storeFolder } from '../../src/areas/store-folder.js';
import { changeStore, type StoreChange } from '../../src/areas/store-write.js';
import { areaFileText, readAreaFileText } from '../../src/areas/area-text.js';
import { STORE_FORMAT, type StoredArea } from '../../src/areas/stored.js';
import { VERSION } from '../../src/version.js';
import { tempFolder } from '../support/temp-folder.js';

// The store's writes: each under the lock, from the index read inside it; files written whole and
// renamed into place; what no index names removed.

const area = (name: string): StoredArea => ({
  format: STORE_FORMAT,
  area: name,
  operations: {
    [`${name}_get`]: JSON.stringify({
      method: 'GET',
      path: `/${name}`,
      summary: 'Read',
      args: [],
      response: { z: 'unknown' },
      safety: 'safe',
      examples: [`svc ${name} get`],
    }),
  },
  named: [],
});
const adding = (name: string): StoreChange => ({
  write: [
    {
      content: area(name),
      listing: { summary: name, operations: 1, source: { location: '/x.json', tag: name }, title: 'T', version: '1', added: '2026-01-01T00:00:00.000Z' },
    },
  ],
  remove: [],
});
const names = (added: AddedAreas) => Object.keys(added.areas).sort();

describe('the store of added areas', () => {
  it('lets one change at a time read and write: a second waits, then starts from what the first wrote', async () => {
    const folder = tempFolder('svc-store-');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inFirst = new Promise<void>((resolve) => (entered = resolve));
    const seenBySecond: string[][] = [];
    const first = changeStore(folder, async () => {
      entered();
      await held;
      return adding('one');
    });
    await inFirst;
    const second = changeStore(folder, (current) => {
      seenBySecond.push(Object.keys(current?.areas ?? {}));
      return adding('two');
    });
    // The second is still waiting for the lock while the first holds it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seenBySecond).toEqual([]);
    release();
    await Promise.all([first, second]);
    expect(seenBySecond).toEqual([['one']]);
    expect(Object.keys(JSON.parse(readFileSync(join(folder, 'index.json'), 'utf8')).areas)).toEqual(['one', 'two']);
  });

  it('refuses a change whose index svc could not read back, writing nothing: the index stays as it was', async () => {
    const folder = tempFolder('svc-store-');
    await changeStore(folder, () => adding('kept'));
    const before = readFileSync(join(folder, 'index.json'), 'utf8');
    const huge = (name: string): StoreChange['write'][number] => ({
      ...adding(name).write[0]!,
      listing: { ...adding(name).write[0]!.listing, summary: 'x'.repeat(1024 * 1024) },
    });
    await expect(changeStore(folder, () => ({ write: ['a', 'b', 'c', 'd', 'e'].map(huge), remove: [] }))).rejects.toThrow(
      /^the added areas of this profile would make an index of 5\.0 MiB, over the 4 MiB svc reads; add fewer areas at once \(--areas\), or some to another profile$/,
    );
    expect(readFileSync(join(folder, 'index.json'), 'utf8')).toBe(before);
    expect(readdirSync(folder).sort()).toEqual(['index.json', expect.stringMatching(/^kept\.[0-9a-f]{16}\.json$/)]);
    // In a store that was not there, the folders it made go too: nothing is left of it.
    const config = tempFolder('svc-store-');
    await expect(changeStore(join(config, 'areas', 'default'), () => ({ write: ['a', 'b', 'c', 'd', 'e'].map(huge), remove: [] }))).rejects.toThrow(/4 MiB/);
    expect(readdirSync(config)).toEqual([]);
  });

  it('writes nothing when the change throws, and leaves no lock behind', async () => {
    const folder = tempFolder('svc-store-');
    await changeStore(folder, () => adding('one'));
    const before = readdirSync(folder).sort();
    await expect(
      changeStore(folder, () => {
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(readdirSync(folder).sort()).toEqual(before);
  });

  it('keeps the stamp of areas another svc compiled when only removing, and refuses to mix new ones in', async () => {
    const folder = tempFolder('svc-store-');
    await changeStore(folder, () => ({ write: [...adding('one').write, ...adding('two').write], remove: [] }));
    const index = JSON.parse(readFileSync(join(folder, 'index.json'), 'utf8'));
    writeFileSync(join(folder, 'index.json'), JSON.stringify({ ...index, svc: '0.0.1' }));
    await changeStore(folder, () => ({ write: [], remove: ['one'] }));
    const after = JSON.parse(readFileSync(join(folder, 'index.json'), 'utf8'));
    expect([after.svc, Object.keys(after.areas)]).toEqual(['0.0.1', ['two']]);
    await expect(changeStore(folder, () => adding('three'))).rejects.toThrow(/compiled by another svc/);
    const fresh = await changeStore(folder, () => adding('two'));
    expect([fresh.svc, Object.keys(fresh.areas)]).toEqual([VERSION, ['two']]);
  });

  it('is read back as the areas it lists, each loading from its own file', async () => {
    const env = { SVC_CONFIG_DIR: tempFolder('svc-config-') };
    const folder = storeFolder(env, 'work');
    await changeStore(folder, () => adding('one'));
    const added = readAddedAreas(env, 'work', () => false);
    expect([names(added), added.notice]).toEqual([['one'], undefined]);
    expect(Object.keys(await added.areas.one!.load())).toEqual(['one_get']);
    expect(names(readAddedAreas(env, 'other', () => false))).toEqual([]);
    // A name svc itself now has is left out, and said so.
    expect(readAddedAreas(env, 'work', (name) => name === 'one').notice).toMatch(/include one, now built into svc/);
  });

  it("keeps each profile apart in a folder of its own, whatever the profile's name", () => {
    expect(profileFolderName('default')).toBe('default');
    expect(profileFolderName('..')).toBe('%2E%2E');
    expect(profileFolderName('a/b')).toBe('a%2Fb');
    expect(profileFolderName('Work')).not.toBe(profileFolderName('work'));
    expect(profileFolderName('')).toBe('%');
    expect(profileFolderName('é')).toBe('%C3%A9');
  });
});

describe("an area's file", () => {
  it('is an index of its parts on its first line, then the parts: each read back as written, whatever it holds', () => {
    const stored: StoredArea = { format: STORE_FORMAT, area: 'x', operations: { x_a: '{"a":"\\u2028é\\n"}', x_b: '{}' }, named: ['{"z":"string"}', '[]'] };
    const text = areaFileText(stored);
    expect(text.split('\n')[0]).toBe('{"format":1,"area":"x","operations":{"x_a":[0,17],"x_b":[17,19]},"named":[[19,33],[33,35]]}');
    const file = readAreaFileText(text)!;
    expect([file.ids, file.operation('x_a'), file.operation('x_b'), file.named(0), file.named(1), file.named(2), file.operation('constructor')]).toEqual([
      ['x_a', 'x_b'],
      stored.operations.x_a,
      '{}',
      '{"z":"string"}',
      '[]',
      undefined,
      undefined,
    ]);
  });

  it('is refused when its first line is not such an index, and a part past its end is none', () => {
    expect(readAreaFileText('{"format":1}')).toBeUndefined();
    expect(readAreaFileText('not json\n{}')).toBeUndefined();
    expect(readAreaFileText('[]\n{}')).toBeUndefined();
    const cut = readAreaFileText('{"format":1,"area":"x","operations":{"x_a":[0,99],"x_b":[2,1]},"named":[[-1,2]]}\n{}')!;
    expect([cut.operation('x_a'), cut.operation('x_b'), cut.named(0)]).toEqual([undefined, undefined, undefined]);
  });
});

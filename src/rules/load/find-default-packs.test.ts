import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findDefaultPacks } from './find-default-packs';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'rulehook-default-packs-'));
});
afterEach(() => rm(root, { recursive: true, force: true }));

const make = async (file: string, text = '') => {
  await mkdir(path.dirname(path.join(root, file)), { recursive: true });
  await writeFile(path.join(root, file), text);
};

describe('findDefaultPacks', () => {
  it('is the working directory when it holds catalog.yaml or a scenario file', async () => {
    await make('a/catalog.yaml');
    await make('b/calls.test.yml');
    await make('c/rules.yaml');
    expect(findDefaultPacks(path.join(root, 'a'))).toEqual({ kind: 'pack', paths: ['.'] });
    expect(findDefaultPacks(path.join(root, 'b'))).toEqual({ kind: 'pack', paths: ['.'] });
    expect(findDefaultPacks(path.join(root, 'c')).kind).toBe('none');
  });

  it("is the project's rules/ and examples/ that exist, as directories", async () => {
    await make('package.json', '{}');
    await make('rules/catalog.yaml');
    await make('examples');
    expect(findDefaultPacks(root)).toEqual({ kind: 'project', paths: ['rules'] });
  });

  it('names the nearest pack above, not past the top of the project', async () => {
    await make('catalog.yaml');
    await make('project/package.json', '{}');
    await make('project/pack/catalog.yaml');
    await make('project/pack/recordings/day.jsonl');
    await make('project/docs/guide.md');
    expect(findDefaultPacks(path.join(root, 'project/pack/recordings'))).toEqual({
      kind: 'none',
      paths: [],
      above: '..',
    });
    // The catalog.yaml above the project (package.json) is not the project's.
    expect(findDefaultPacks(path.join(root, 'project/docs'))).toEqual({ kind: 'none', paths: [] });
  });
});

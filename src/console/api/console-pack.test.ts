import path from 'node:path';
import { resolveConsolePack } from './console-pack';

const EXAMPLES = path.join(__dirname, '../../../examples');

describe('resolveConsolePack', () => {
  it('roots the pack at the directory given, loaded as `validate .` there', () => {
    const pack = resolveConsolePack({ cwd: EXAMPLES, paths: ['fraud-and-spoofing'] });
    expect(pack).toEqual({
      root: path.join(EXAMPLES, 'fraud-and-spoofing'),
      source: { cwd: path.join(EXAMPLES, 'fraud-and-spoofing'), paths: ['.'] },
    });
  });

  it('roots files given apart at the deepest directory holding them all, the catalog relative to it', () => {
    const pack = resolveConsolePack({
      cwd: EXAMPLES,
      paths: ['fraud-and-spoofing/risk.yaml', 'fraud-and-spoofing/recordings'],
      catalog: 'fraud-and-spoofing/catalog.yaml',
    });
    expect(pack.root).toBe(path.join(EXAMPLES, 'fraud-and-spoofing'));
    expect(pack.source).toMatchObject({ paths: ['risk.yaml', 'recordings'], catalog: 'catalog.yaml' });
  });

  it('roots a pack without paths at the working directory', () => {
    expect(resolveConsolePack({ cwd: EXAMPLES, paths: [] }).root).toBe(EXAMPLES);
  });
});

import { ChangedGlobs } from './changed-globs';

describe('ChangedGlobs', () => {
  it('gives the indices of the globs a key matches', () => {
    const globs = new ChangedGlobs(['verify.*', 'custom.tier', '*']);
    expect(globs.none).toBe(false);
    expect(globs.indicesOf('verify.score')).toEqual([0, 2]);
    expect(globs.indicesOf('custom.tier')).toEqual([1, 2]);
    expect(new ChangedGlobs(['verify.*']).indicesOf('other')).toEqual([]);
    expect(new ChangedGlobs([]).none).toBe(true);
  });

  it('still memoizes a key first seen after 20,000 key names chosen by clients', () => {
    const globs = new ChangedGlobs(['verify.*', 'junk.*']);
    for (let i = 0; i < 20_000; i++) globs.indicesOf(`junk.k${i}`);
    const indices = globs.indicesOf('verify.score');
    expect(globs.indicesOf('verify.score')).toBe(indices);
    expect(indices).toEqual([0]);
  });
});

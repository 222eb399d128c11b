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

  it('still memoizes a key first seen after 20,000 key names chosen by clients (a glob without prefix)', () => {
    const globs = new ChangedGlobs(['*.score', 'junk.*']);
    for (let i = 0; i < 20_000; i++) globs.indicesOf(`junk.k${i}`);
    const indices = globs.indicesOf('verify.score');
    expect(globs.indicesOf('verify.score')).toBe(indices);
    expect(indices).toEqual([0]);
  });

  it('answers a key that only one prefixed glob matches with one array, allocated once', () => {
    const globs = new ChangedGlobs(['verify.*', 'audio.*']);
    expect(globs.indicesOf('verify.score')).toBe(globs.indicesOf('verify.decision'));
    expect(globs.indicesOf('audio.level')).toEqual([1]);
  });

  it('gives every prefixed glob a key matches, in the order of the globs', () => {
    const globs = new ChangedGlobs(['verify.s*', 'custom.*', 'verify.*', 'é.*']);
    expect(globs.indicesOf('verify.score')).toEqual([0, 2]);
    expect(globs.indicesOf('verify.decision')).toEqual([2]);
    expect(globs.indicesOf('é.x')).toEqual([3]);
    expect(globs.indicesOf('ê.x')).toEqual([]);
  });

  it("leaves a key to the glob's own matcher past its prefix (a star stops at a slash)", () => {
    const globs = new ChangedGlobs(['verify.*']);
    expect(globs.indicesOf('verify.a/b')).toEqual([]);
    expect(globs.indicesOf('verify.a')).toEqual([0]);
  });

  it("tells keys apart by the globs' literal prefixes, sharing a first character or not", () => {
    const globs = new ChangedGlobs(['verify.*', 'verdict.{a,b}', 'custom.t?er', 'v']);
    expect(globs.indicesOf('verify.score')).toEqual([0]);
    expect(globs.indicesOf('verdict.b')).toEqual([1]);
    expect(globs.indicesOf('verdict.c')).toEqual([]);
    expect(globs.indicesOf('custom.tier')).toEqual([2]);
    expect(globs.indicesOf('v')).toEqual([3]);
    expect(globs.indicesOf('ver')).toEqual([]);
    expect(globs.indicesOf('audio.verify')).toEqual([]);
    expect(globs.indicesOf('')).toEqual([]);
  });

  it('looks at every key when a glob has no literal prefix', () => {
    const globs = new ChangedGlobs(['verify.*', '*.score', '?x']);
    expect(globs.indicesOf('audio.score')).toEqual([1]);
    expect(globs.indicesOf('verify.score')).toEqual([0, 1]);
    expect(globs.indicesOf('ax')).toEqual([2]);
  });

  it('matches escaped wildcards of a prefix as the characters they are', () => {
    const globs = new ChangedGlobs(['a\\*b.*']);
    expect(globs.indicesOf('a*b.c')).toEqual([0]);
    expect(globs.indicesOf('axb.c')).toEqual([]);
  });
});

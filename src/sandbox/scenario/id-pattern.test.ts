import { coversIdPattern, isIdPattern, matchIdPattern } from './id-pattern';
import { RecordingCatalog } from './recording-catalog';

describe('recording id patterns', () => {
  it.each([
    ['*', '', true],
    ['*', 'call-1f0c', true],
    ['rec-*', 'rec-', true],
    ['rec-*', 'rec-u-1', true],
    ['rec-*', 'xrec-u-1', false],
    ['*-card', 'rec-card', true],
    ['*-card', 'rec-cards', false],
    ['rec-*-*-gold', 'rec-1-2-gold', true],
    ['rec-*-*-gold', 'rec-12-gold', false],
    ['a*a', 'a', false],
    ['a*a', 'aa', true],
    ['*aab*', 'aaaab', true],
    ['*aab*', 'aaaba', true],
    ['*aab*', 'abab', false],
    ['rec.?[0]{x}/*', 'rec.?[0]{x}/1', true],
    ['rec.?[0]{x}/*', 'rec.a[0]{x}/1', false],
    ['rec-1', 'rec-1', true],
    ['rec-1', 'rec-10', false],
  ])('%s matches %j: %s', (pattern, text, expected) => {
    expect(matchIdPattern(pattern, text)).toBe(expected);
  });

  it('matches in time linear in the id, whatever the pattern repeats', () => {
    const text = 'a'.repeat(200_000);
    const started = performance.now();
    expect(matchIdPattern(`*${'a'.repeat(1_000)}b*`, text)).toBe(false);
    expect(matchIdPattern('*a*a*a*a*a*a*a*a*b', text)).toBe(false);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('knows when an earlier pattern matches every id a later one does', () => {
    expect(coversIdPattern('*', 'rec-*')).toBe(true);
    expect(coversIdPattern('rec-*', 'rec-gold-*')).toBe(true);
    expect(coversIdPattern('*-gold', 'rec-*-gold')).toBe(true);
    expect(coversIdPattern('rec-*', '*')).toBe(false);
    expect(coversIdPattern('rec-*-x', 'rec-*')).toBe(false);
    expect(coversIdPattern('*a*', '*')).toBe(false);
    expect(coversIdPattern('a*b', 'a*')).toBe(false);
  });

  it('is a pattern only with a *', () => {
    expect([isIdPattern('rec-1'), isIdPattern('rec-*'), isIdPattern('*')]).toEqual([false, true, true]);
  });

  it('finds exact ids first, then the first pattern in file order', () => {
    const catalog = new RecordingCatalog([
      { recording_id: 'rec-*', media: 'a' },
      { recording_id: 'rec-0002', media: 'b' },
      { recording_id: '*', media: 'c' },
      { recording_id: 'rec-gold-*', media: 'd' },
    ]);
    expect(catalog.find('rec-0002')?.media).toBe('b');
    expect(catalog.find('rec-gold-1')?.media).toBe('a');
    expect(catalog.find('call-1')?.media).toBe('c');
    expect(new RecordingCatalog([{ recording_id: 'rec-1' }]).find('rec-2')).toBeUndefined();
  });
});

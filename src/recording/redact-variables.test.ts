import { createRandomRedactionKey, hashValue } from './hash-values';
import { createRedactor } from './redact-variables';

describe('createRedactor', () => {
  const redact = createRedactor(['call.ani', 'person.*'], 'k');

  it('replaces the values of matching variables with a keyed hash, and leaves the event as it was', () => {
    const event = { 'call.ani': '+14155550142', 'person.id': 'C-1', 'call.dnis': '+18005550100' };
    const out = redact(event);
    expect(out).toEqual({
      'call.ani': hashValue('k', '+14155550142'),
      'person.id': hashValue('k', 'C-1'),
      'call.dnis': '+18005550100',
    });
    expect(out['call.ani']).toMatch(/^redacted:[A-Za-z0-9_-]{22}$/);
    expect(event['call.ani']).toBe('+14155550142');
  });

  it('is stable for a key, differs between keys, and returns the same object when nothing matches', () => {
    const vars = { 'call.ani': '+1' };
    expect(redact(vars)).toEqual(createRedactor(['call.ani'], 'k')(vars));
    expect(redact(vars)).not.toEqual(createRedactor(['call.ani'], 'other')(vars));
    expect(redact({ 'person.id': 'a' })['person.id']).not.toBe(redact({ 'person.id': 'b' })['person.id']);
    const untouched = { x: '1' };
    expect(redact(untouched)).toBe(untouched);
  });

  it('matches names with the glob syntax of `changed`, and refuses a glob outside it', () => {
    const vars = { 'person.id': 'C-1', 'person.address.city': 'Paris', 'call.dnis': '1' };
    const byPerson = createRedactor(['person.*'], 'k')(vars);
    expect([byPerson['person.id'], byPerson['person.address.city']]).toEqual([
      hashValue('k', 'C-1'),
      hashValue('k', 'Paris'),
    ]);
    expect(byPerson['call.dnis']).toBe('1');
    const redacted = createRedactor(['{person,call}.[a-d]*'], 'k')(vars);
    expect(redacted['person.address.city']).toMatch(/^redacted:/);
    expect(redacted['call.dnis']).toMatch(/^redacted:/);
    expect(redacted['person.id']).toBe('C-1');
    expect(() => createRedactor(['!person.*'], 'k')).toThrow("--redact '!person.*'");
  });

  it('matches names without regard to case', () => {
    const vars = { 'CALL.ANI': '+1', 'Person.Id': 'C-1', 'call.Dnis': '2' };
    expect(createRedactor(['call.ani', 'person.*'], 'k')(vars)).toEqual({
      'CALL.ANI': hashValue('k', '+1'),
      'Person.Id': hashValue('k', 'C-1'),
      'call.Dnis': '2',
    });
  });

  it('makes a fresh random key each time', () => {
    expect(createRandomRedactionKey().equals(createRandomRedactionKey())).toBe(false);
    expect(createRandomRedactionKey()).toHaveLength(32);
  });
});

import { DEFAULT_LOCK_AFTER_MISMATCHES, PersonStore } from './person-store';

const AT = Date.parse('2026-05-01T09:00:00Z');
const trained = (id: string) => new Map([[id, { id, enroll_status: 'TRAINED' as const }]]);

describe('PersonStore', () => {
  it('leaves the scenario seed alone', () => {
    const seed = new Map([['P-1', { id: 'P-1', enroll_status: 'READY' as const }]]);
    const store = new PersonStore(seed);
    store.recordEnrollment('P-1', 'TRAINED');
    expect(store.get('P-1')?.enroll_status).toBe('TRAINED');
    expect(seed.get('P-1')?.enroll_status).toBe('READY');
  });

  it('never undoes training with a later enrollment', () => {
    const store = new PersonStore(new Map());
    store.recordEnrollment('P-2', 'TRAINED');
    store.recordEnrollment('P-2', 'PARTIALLY_ENROLLED');
    expect(store.get('P-2')?.enroll_status).toBe('TRAINED');
  });

  it('replaces an opt-out with the opt-in, at the given time', () => {
    const store = new PersonStore(
      new Map([
        [
          'P-3',
          { id: 'P-3', opt_out: { at: '2026-01-01T00:00:00Z', offer_opt_in_at: '2026-02-01T00:00:00Z' } },
        ],
      ]),
    );
    store.recordOptIn('P-3', AT);
    expect(store.get('P-3')).toEqual({ id: 'P-3', opt_in: { at: '2026-05-01T09:00:00.000Z' } });
  });

  it(`locks after ${DEFAULT_LOCK_AFTER_MISMATCHES} mismatches by default; uncertain decisions neither count nor reset`, () => {
    const store = new PersonStore(trained('P-4'));
    store.recordVerification('P-4', 'NEGATIVE', AT);
    store.recordVerification('P-4', 'UNCERTAIN', AT);
    store.recordVerification('P-4', 'NEGATIVE', AT);
    expect(store.isLocked('P-4')).toBe(false);
    store.recordVerification('P-4', 'NEGATIVE', AT);
    expect(store.isLocked('P-4')).toBe(true);
    store.recordVerification('P-4', 'POSITIVE', AT);
    expect(store.get('P-4')?.lock).toMatchObject({ locked: true, mismatch_counter: 3 });
  });

  it('never locks with a limit of 0', () => {
    const store = new PersonStore(trained('P-5'), 0);
    for (let i = 0; i < 10; i += 1) store.recordVerification('P-5', 'NEGATIVE', AT);
    expect(store.get('P-5')?.lock).toEqual({ locked: false, mismatch_counter: 10 });
  });

  it('counts no mismatch for a person with no trained voiceprint', () => {
    const store = new PersonStore(
      new Map([['P-6', { id: 'P-6', enroll_status: 'PARTIALLY_ENROLLED' as const }]]),
      1,
    );
    store.recordVerification('P-6', 'NEGATIVE', AT);
    store.recordVerification('P-7', 'NEGATIVE', AT);
    expect(store.get('P-6')).toEqual({ id: 'P-6', enroll_status: 'PARTIALLY_ENROLLED' });
    expect(store.get('P-7')).toBeUndefined();
  });
});

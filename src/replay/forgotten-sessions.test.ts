import { ForgottenSessions } from './forgotten-sessions';

describe('ForgottenSessions', () => {
  it('counts sessions that come back after the bound made them forgotten', () => {
    const tracker = new ForgottenSessions(2);
    for (const s of ['a', 'b', 'c', 'b', 'c']) tracker.see(s); // c forgets a
    expect(tracker.returned).toBe(0);
    tracker.see('a');
    expect(tracker.returned).toBe(1);
  });

  it('says which session is forgotten, when the simulators forget it', () => {
    const forgotten: string[] = [];
    const tracker = new ForgottenSessions(2, (s) => forgotten.push(s));
    for (const s of ['a', 'b', 'a', 'c']) tracker.see(s);
    expect(forgotten).toEqual(['b']);
    tracker.see('d');
    expect(forgotten).toEqual(['b', 'a']);
  });

  it('stays quiet when every session fits', () => {
    const tracker = new ForgottenSessions(100);
    for (let i = 0; i < 1000; i++) tracker.see(`s-${i % 50}`);
    expect(tracker.returned).toBe(0);
  });

  it('takes any bound --max-sessions accepts, allocating nothing up front', () => {
    const tracker = new ForgottenSessions(Number.MAX_SAFE_INTEGER);
    for (let i = 0; i < 1000; i++) tracker.see(`s-${i}`);
    tracker.see('s-0');
    expect(tracker.returned).toBe(0);
  });
});

import { ForgottenSessions } from './forgotten-sessions';

describe('ForgottenSessions', () => {
  it('counts sessions that come back after the bound made them forgotten', () => {
    const tracker = new ForgottenSessions(2);
    for (const s of ['a', 'b', 'c', 'b', 'c']) tracker.see(s); // c forgets a
    expect(tracker.returned).toBe(0);
    tracker.see('a');
    expect(tracker.returned).toBe(1);
  });

  it('stays quiet when every session fits', () => {
    const tracker = new ForgottenSessions(100);
    for (let i = 0; i < 1000; i++) tracker.see(`s-${i % 50}`);
    expect(tracker.returned).toBe(0);
  });
});

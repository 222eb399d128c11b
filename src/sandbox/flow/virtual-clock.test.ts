import { VirtualClock } from './virtual-clock';

describe('VirtualClock', () => {
  it('runs the timers due in time order, each at its own time, and those they set', async () => {
    const clock = new VirtualClock(1_000);
    const seen: string[] = [];
    clock.schedule(200, () => void seen.push(`b@${clock.now()}`));
    clock.schedule(100, () => {
      seen.push(`a@${clock.now()}`);
      clock.schedule(50, () => void seen.push(`c@${clock.now()}`));
    });
    clock.schedule(500, () => void seen.push('late'));
    await clock.advance(300);
    expect(seen).toEqual(['a@1100', 'c@1150', 'b@1200']);
    expect(clock.now()).toBe(1_300);
  });

  it('awaits each timer before the next, and forgets a cancelled one', async () => {
    const clock = new VirtualClock(0);
    const seen: string[] = [];
    clock.schedule(10, async () => {
      await Promise.resolve();
      seen.push('slow');
    });
    clock.schedule(10, () => void seen.push('next'));
    const cancel = clock.schedule(5, () => void seen.push('cancelled'));
    cancel();
    await clock.advance(10);
    expect(seen).toEqual(['slow', 'next']);
  });
});

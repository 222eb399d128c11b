import { Metrics } from '../../observability/metrics';
import { InflightBytes } from './bound-inflight-bytes';

describe('InflightBytes', () => {
  it('reserves up to its bound, refuses what would pass it, and takes back releases', () => {
    const metrics = new Metrics();
    const inflight = new InflightBytes(100, metrics.counter('shed', 'shed'));
    expect([inflight.tryReserve(60), inflight.tryReserve(40), inflight.tryReserve(1)]).toEqual([
      true,
      true,
      false,
    ]);
    expect(metrics.snapshot()['shed']).toBe(1);
    inflight.release(60);
    expect(inflight.inUse).toBe(40);
    expect(inflight.tryReserve(60)).toBe(true);
  });

  it('grows a reservation within the bound, keeps what it held when refused, and gives it all back once', () => {
    const metrics = new Metrics();
    const inflight = new InflightBytes(100, metrics.counter('shed', 'shed'));
    const first = inflight.createReservation();
    const second = inflight.createReservation();
    expect([first.tryGrowTo(30), first.tryGrowTo(60), first.tryGrowTo(50)]).toEqual([true, true, true]);
    expect([first.size, inflight.inUse]).toEqual([60, 60]);
    expect([second.tryGrowTo(40), second.tryGrowTo(41)]).toEqual([true, false]);
    expect([second.size, inflight.inUse, metrics.snapshot()['shed']]).toEqual([40, 100, 1]);
    first.release();
    first.release();
    expect([first.size, inflight.inUse]).toEqual([0, 40]);
    expect(second.tryGrowTo(100)).toBe(true);
  });

  it('refuses with 429 and a message naming the flag', () => {
    expect(new InflightBytes(67_108_864, new Metrics().counter('shed', 'shed')).refusal()).toEqual({
      status: 429,
      code: 'TOO_MANY_REQUESTS',
      message:
        'too many request bytes in flight: this body would take them past 67,108,864 bytes (--max-inflight-bytes); retry in 1 s',
    });
  });
});

import { Metrics } from '../observability/metrics';
import { EventAdmission } from './event-admission';

function createAdmission(max: number, clientSharePercent?: number) {
  const metrics = new Metrics();
  const shed = {
    maxInflightEvents: metrics.counter('shed', 'shed'),
    clientShare: metrics.counter('share', 'share'),
  };
  return { metrics, admission: new EventAdmission(max, shed, clientSharePercent) };
}

describe('EventAdmission', () => {
  it('admits up to its bound, counts each refusal, and admits again once released', () => {
    const { metrics, admission } = createAdmission(2);
    expect([admission.tryAdmit('a'), admission.tryAdmit('a'), admission.tryAdmit('b')]).toEqual([
      undefined,
      undefined,
      'max-inflight-events',
    ]);
    expect(admission.count).toBe(2);
    expect(metrics.snapshot()).toMatchObject({ shed: 1, share: 0 });
    admission.release('a');
    expect(admission.tryAdmit('b')).toBeUndefined();
    expect(admission.count).toBe(2);
  });

  it('keeps one address to its share, while the others still get the places left', () => {
    const { metrics, admission } = createAdmission(10, 30);
    expect(admission.maxPerClient).toBe(3);
    const greedy = Array.from({ length: 5 }, () => admission.tryAdmit('10.0.0.1'));
    expect(greedy).toEqual([undefined, undefined, undefined, 'client-share', 'client-share']);
    expect(['10.0.0.2', '10.0.0.3', '10.0.0.2'].map((c) => admission.tryAdmit(c))).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    expect([admission.count, admission.countOf('10.0.0.1'), admission.countOf('10.0.0.2')]).toEqual([
      6, 3, 2,
    ]);
    expect(metrics.snapshot()).toMatchObject({ shed: 0, share: 2 });
    admission.release('10.0.0.1');
    expect([admission.tryAdmit('10.0.0.1'), admission.tryAdmit('10.0.0.1')]).toEqual([
      undefined,
      'client-share',
    ]);
  });

  it('forgets an address once it holds nothing', () => {
    const { admission } = createAdmission(4, 50);
    admission.tryAdmit('x');
    admission.tryAdmit('x');
    admission.release('x');
    admission.release('x');
    expect([admission.count, admission.countOf('x')]).toEqual([0, 0]);
    expect([admission.tryAdmit('x'), admission.tryAdmit('x'), admission.tryAdmit('x')]).toEqual([
      undefined,
      undefined,
      'client-share',
    ]);
  });

  it('gives one address every place at 100 %, and at least one place at any share', () => {
    const whole = createAdmission(3, 100).admission;
    expect([whole.maxPerClient, whole.tryAdmit('a'), whole.tryAdmit('a'), whole.tryAdmit('a')]).toEqual([
      3,
      undefined,
      undefined,
      undefined,
    ]);
    const tiny = createAdmission(3, 1).admission;
    expect([tiny.maxPerClient, tiny.tryAdmit('a'), tiny.tryAdmit('a')]).toEqual([
      1,
      undefined,
      'client-share',
    ]);
  });

  it('says why it refused and names the flags', () => {
    const { admission } = createAdmission(1500, 40);
    expect(admission.describeRefusal('max-inflight-events', '10.0.0.1')).toBe(
      'too many events in flight: 1,500 are being received or processed (--max-inflight-events); retry in 1 s',
    );
    expect(admission.describeRefusal('client-share', '10.0.0.1')).toBe(
      'too many events in flight from 10.0.0.1: one address may have 600 of the 1,500 places (--client-share 40% of --max-inflight-events); retry in 1 s',
    );
    expect(admission.describeRefusal('client-share', '')).toMatch(
      /^too many events in flight from an unknown address:/,
    );
  });
});

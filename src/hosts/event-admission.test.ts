import { Metrics } from '../observability/metrics';
import { EventAdmission } from './event-admission';

describe('EventAdmission', () => {
  it('admits up to its bound, counts each refusal, and admits again once released', () => {
    const metrics = new Metrics();
    const admission = new EventAdmission(2, metrics.counter('shed', 'shed'));
    expect([admission.tryAdmit(), admission.tryAdmit(), admission.tryAdmit()]).toEqual([true, true, false]);
    expect(admission.count).toBe(2);
    expect(metrics.snapshot()['shed']).toBe(1);
    admission.release();
    expect(admission.tryAdmit()).toBe(true);
    expect(admission.count).toBe(2);
  });

  it('says why it refused and names the flag', () => {
    const admission = new EventAdmission(1500, new Metrics().counter('shed', 'shed'));
    expect(admission.describeRefusal()).toBe(
      'too many events in flight: 1,500 are being received or processed (--max-inflight-events); retry in 1 s',
    );
  });
});

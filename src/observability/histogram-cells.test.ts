import { AggregatorRegistry, Histogram, Registry } from 'prom-client';
import { Metrics } from './metrics';

describe('LabeledHistogram', () => {
  it('renders exactly what a prom-client Histogram renders for the same observations', async () => {
    const metrics = new Metrics();
    const ours = metrics.histogram('d_seconds', 'D.', [0.1, 0.5, 1], ['transport']);
    const registry = new Registry();
    const theirs = new Histogram({
      name: 'd_seconds',
      help: 'D.',
      buckets: [0.1, 0.5, 1],
      labelNames: ['transport'],
      registers: [registry],
    });
    for (const [transport, value] of [
      ['http', 0.1],
      ['http', 0.3],
      ['grpc', 2],
      ['http', 1],
      ['grpc', 0.05],
    ] as const) {
      ours.labels(transport).observe(value);
      theirs.labels(transport).observe(value);
    }
    expect(await metrics.render()).toBe(await registry.metrics());
  });

  it('binds a series once, and checks the number of label values', () => {
    const h = new Metrics().histogram('e_seconds', 'E.', [1]);
    expect(h.labels()).toBe(h.labels());
    expect(() => h.labels('x')).toThrow('e_seconds has labels ; got 1 values');
  });

  it('is summed over the registries of workers', async () => {
    const workers = [new Metrics(), new Metrics()];
    workers[0]!.histogram('f_seconds', 'F.', [1]).labels().observe(0.5);
    workers[1]!.histogram('f_seconds', 'F.', [1]).labels().observe(2);
    const json = await Promise.all(workers.map((m) => m.registry.getMetricsAsJSON()));
    const text = await AggregatorRegistry.aggregate(json).metrics();
    expect(text).toContain(
      'f_seconds_bucket{le="1"} 1\nf_seconds_bucket{le="+Inf"} 2\nf_seconds_sum 2.5\nf_seconds_count 2\n',
    );
  });
});

import { AggregatorRegistry } from 'prom-client';
import { countInEach, Metrics } from './metrics';

describe('Metrics', () => {
  it('creates a counter once by name and renders it in the Prometheus text format', async () => {
    const metrics = new Metrics();
    const counter = metrics.counter('x_total', 'Xs.');
    expect(metrics.counter('x_total', 'ignored')).toBe(counter);
    counter.inc();
    counter.inc(2);
    expect(metrics.snapshot()).toEqual({ x_total: 3 });
    expect(await metrics.render()).toBe('# HELP x_total Xs.\n# TYPE x_total counter\nx_total 3\n');
  });

  it('binds label values once, publishes series counted zero times, and totals them in the snapshot', async () => {
    const metrics = new Metrics();
    const family = metrics.labeledCounter('y_total', 'Ys.', ['kind', 'way']);
    const a = family.labels('a', 'in');
    expect(family.labels('a', 'in')).toBe(a);
    family.labels('b "quoted"', 'out');
    a.inc(4);
    expect(metrics.snapshot()).toEqual({
      y_total: 4,
      'y_total{kind="a",way="in"}': 4,
      'y_total{kind="b \\"quoted\\"",way="out"}': 0,
    });
    const text = await metrics.render();
    expect(text).toContain('y_total{kind="a",way="in"} 4\n');
    expect(text).toContain('y_total{kind="b \\"quoted\\"",way="out"} 0\n');
    expect(() => family.labels('a')).toThrow('y_total has labels kind, way; got 1 values');
  });

  it('refuses a name counted both with and without labels', () => {
    const metrics = new Metrics();
    metrics.counter('plain_total', 'P.');
    metrics.labeledCounter('labeled_total', 'L.', ['k']);
    expect(() => metrics.labeledCounter('plain_total', 'P.', ['k'])).toThrow('counted without labels');
    expect(() => metrics.counter('labeled_total', 'L.')).toThrow('counted with labels');
  });

  it('reads gauges when scraped, from the reader installed last', async () => {
    const metrics = new Metrics();
    let size = 1;
    metrics.gauge('size', 'Size.', () => size);
    size = 5;
    expect(await metrics.render()).toContain('\nsize 5\n');
    metrics.gauge('size', 'Size.', () => 7);
    expect(await metrics.render()).toContain('\nsize 7\n');
  });

  it('shows an info gauge as 1 with the label read when scraped, and no sample while there is none', async () => {
    const metrics = new Metrics();
    let revision: string | undefined;
    metrics.infoGauge('rev_info', 'Rev.', 'revision', () => revision);
    expect(await metrics.render()).not.toMatch(/^rev_info/m);
    revision = 'abc';
    expect(await metrics.render()).toContain('\nrev_info{revision="abc"} 1\n');
    revision = 'def';
    const text = await metrics.render();
    expect(text).toContain('\nrev_info{revision="def"} 1\n');
    expect(text).not.toContain('abc');
  });

  it('creates a histogram once by name', async () => {
    const metrics = new Metrics();
    const h = metrics.histogram('t_seconds', 'T.', [0.1, 1], ['where']);
    expect(metrics.histogram('t_seconds', 'T.', [0.1, 1])).toBe(h);
    h.labels('here').observe(0.5);
    expect(await metrics.render()).toContain('t_seconds_bucket{le="1",where="here"} 1\n');
  });

  it('renders what exposeWith installed instead of its own metrics', async () => {
    const metrics = new Metrics();
    metrics.counter('own_total', 'Own.');
    metrics.exposeWith(async () => 'all workers\n');
    expect(await metrics.render()).toBe('all workers\n');
  });

  it('sums counters over registries, and shows an info gauge shared by all as 1', async () => {
    const workers = [new Metrics(), new Metrics()];
    workers.forEach((metrics, i) => {
      metrics
        .labeledCounter('e_total', 'E.', ['event'])
        .labels('X')
        .inc(i + 1);
      metrics.infoGauge('rev_info', 'Rev.', 'revision', () => 'abc');
    });
    const json = await Promise.all(workers.map((m) => m.registry.getMetricsAsJSON()));
    const text = await AggregatorRegistry.aggregate(json).metrics();
    expect(text).toContain('\ne_total{event="X"} 3\n');
    expect(text).toContain('\nrev_info{revision="abc"} 1\n');
  });
});

describe('countInEach', () => {
  it('counts every increment in each counter, and reads as the first', () => {
    const metrics = new Metrics();
    const a = metrics.counter('a_total', 'A.');
    const b = metrics.counter('b_total', 'B.');
    const both = countInEach(a, b);
    both.inc();
    both.inc(2);
    expect([a.value, b.value, both.value, both.name]).toEqual([3, 3, 3, 'a_total']);
  });
});

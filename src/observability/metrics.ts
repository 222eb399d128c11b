import { collectDefaultMetrics, Gauge, Registry, type Aggregator } from 'prom-client';
import { createCounter, LabeledCounter, type Counter } from './counter-cells';
import { LabeledHistogram } from './histogram-cells';

export { countInEach, LabeledCounter, type Counter } from './counter-cells';
export { LabeledHistogram, type HistogramSeries } from './histogram-cells';

/**
 * The metrics of one process, in a prom-client Registry, exposed at
 * `GET /metrics` in the Prometheus text format. Every metric is created once
 * by name (asking again returns the same one), by the component that counts
 * it; docs/operations.md lists them all. With `serve --workers`, a scrape
 * sums the workers' registries (each metric's `aggregator` says how).
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly counters = new Map<string, Counter>();
  private readonly labeled = new Map<string, LabeledCounter>();
  private readonly histograms = new Map<string, LabeledHistogram>();
  private readonly readers = new Map<string, () => number>();
  private exposition: (() => Promise<string>) | undefined;

  /** The counter of that name, without labels, created on first use (names are fixed strings in code). */
  counter(name: string, help: string): Counter {
    let counter = this.counters.get(name);
    if (counter === undefined) {
      if (this.labeled.has(name)) throw new Error(`${name} is counted with labels`);
      counter = createCounter(name, help, this.registry);
      this.counters.set(name, counter);
    }
    return counter;
  }

  /** The counter of that name with these labels, created on first use; bind its label values with `labels`. */
  labeledCounter(name: string, help: string, labelNames: readonly string[]): LabeledCounter {
    let counter = this.labeled.get(name);
    if (counter === undefined) {
      if (this.counters.has(name)) throw new Error(`${name} is counted without labels`);
      counter = new LabeledCounter(name, help, labelNames, this.registry);
      this.labeled.set(name, counter);
    }
    return counter;
  }

  /**
   * A histogram, created on first use; `buckets` are upper bounds, in the metric's unit. Bind its label
   * values with `labels` (no values for a histogram without labels).
   */
  histogram(
    name: string,
    help: string,
    buckets: readonly number[],
    labelNames: readonly string[] = [],
  ): LabeledHistogram {
    let histogram = this.histograms.get(name);
    if (histogram === undefined) {
      histogram = new LabeledHistogram(name, help, buckets, labelNames, this.registry);
      this.histograms.set(name, histogram);
    }
    return histogram;
  }

  /**
   * A gauge whose value is read when scraped (nothing to keep up to date per event). Installing a reader for
   * a name again replaces the previous one. `aggregator`: how `serve --workers` combines the workers' values.
   */
  gauge(name: string, help: string, read: () => number, aggregator: Aggregator = 'sum'): void {
    if (!this.readers.has(name)) {
      const readers = this.readers;
      new Gauge({
        name,
        help,
        aggregator,
        registers: [this.registry],
        collect() {
          this.set(readers.get(name)!());
        },
      });
    }
    this.readers.set(name, read);
  }

  /**
   * A gauge of value 1 whose one label says what is in use (`read`, when scraped; no sample while it is
   * undefined): the Prometheus idiom for text-valued facts. Workers showing the same value show 1, not N.
   */
  infoGauge(name: string, help: string, label: string, read: () => string | undefined): void {
    new Gauge({
      name,
      help,
      labelNames: [label],
      aggregator: 'max',
      registers: [this.registry],
      collect() {
        this.reset();
        const value = read();
        if (value !== undefined) this.set({ [label]: value }, 1);
      },
    });
  }

  /** Adds prom-client's default metrics of the process (CPU, memory, event loop lag, GC, handles). */
  collectDefaultMetrics(): void {
    collectDefaultMetrics({ register: this.registry });
  }

  /**
   * Counter values, for tests and programmatic inspection: each counter by name (a labeled counter's total
   * over its labels), and each labeled series as `name{label="value",…}`.
   */
  snapshot(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const c of this.counters.values()) out[c.name] = c.value;
    for (const family of this.labeled.values()) {
      out[family.name] = family.total;
      for (const [series, value] of family.entries()) out[series] = value;
    }
    return out;
  }

  /**
   * What `GET /metrics` answers, in the Prometheus text format: this process's metrics, or what
   * `exposeWith` installed (the sum over every worker of `serve --workers`).
   */
  render(): Promise<string> {
    return this.exposition === undefined ? this.registry.metrics() : this.exposition();
  }

  /** Has `render` answer with `render` instead: a worker answers with the metrics of all workers. */
  exposeWith(render: () => Promise<string>): void {
    this.exposition = render;
  }

  /** The Content-Type of `render`'s text. */
  get contentType(): string {
    return this.registry.contentType;
  }
}

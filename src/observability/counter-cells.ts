import { Counter as PromCounter, type Registry } from 'prom-client';

/**
 * A monotonic count. Counting is a property increment, cheap enough for the
 * per-event path: prom-client's own `inc` (and the `inc` of its label
 * children) hashes and validates the label set on every call, so rulehook
 * counts in cells and hands their values to prom-client when it is scraped.
 */
export interface Counter {
  readonly name: string;
  readonly help: string;
  readonly value: number;
  inc(by?: number): void;
}

class CounterCell implements Counter {
  value = 0;

  constructor(
    readonly name: string,
    readonly help: string,
    readonly labels: Readonly<Record<string, string>>,
  ) {}

  inc(by = 1): void {
    this.value += by;
  }
}

/**
 * A counter with labels: one cell per label set, created once by `labels`
 * (at load time, never per event: callers keep what it returns) and
 * published to prom-client's counter of the same name when it is scraped.
 */
export class LabeledCounter {
  private readonly cells = new Map<string, CounterCell>();

  constructor(
    readonly name: string,
    readonly help: string,
    readonly labelNames: readonly string[],
    registry: Registry,
  ) {
    const cells = this.cells;
    new PromCounter({
      name,
      help,
      labelNames,
      registers: [registry],
      collect() {
        this.reset();
        for (const cell of cells.values()) this.inc(cell.labels, cell.value);
      },
    });
  }

  /** The counter of these label values (in the order of `labelNames`), the same one on every call. */
  labels(...values: string[]): Counter {
    if (values.length !== this.labelNames.length)
      throw new Error(`${this.name} has labels ${this.labelNames.join(', ')}; got ${values.length} values`);
    const key = values.join('\u0000');
    let cell = this.cells.get(key);
    if (cell === undefined) {
      const labels = Object.fromEntries(this.labelNames.map((name, i) => [name, values[i]!]));
      cell = new CounterCell(this.name, this.help, labels);
      this.cells.set(key, cell);
    }
    return cell;
  }

  /** Every label set counted so far, as `name{label="value",…}`, with its value. */
  entries(): [string, number][] {
    return [...this.cells.values()].map((cell) => [formatSeries(this.name, cell.labels), cell.value]);
  }

  get total(): number {
    let sum = 0;
    for (const cell of this.cells.values()) sum += cell.value;
    return sum;
  }
}

/** A counter without labels: one cell, published to prom-client when scraped. */
export function createCounter(name: string, help: string, registry: Registry): Counter {
  const cell = new CounterCell(name, help, {});
  new PromCounter({
    name,
    help,
    registers: [registry],
    collect() {
      this.reset();
      this.inc(cell.value);
    },
  });
  return cell;
}

/** `name{a="x",b="y"}`, as the Prometheus text format writes a series (values escaped likewise). */
export function formatSeries(name: string, labels: Readonly<Record<string, string>>): string {
  const pairs = Object.entries(labels).map(
    ([key, value]) => `${key}="${value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"')}"`,
  );
  return pairs.length === 0 ? name : `${name}{${pairs.join(',')}}`;
}

/** A counter whose increments count in each of `counters` (one refusal counted under two names). */
export function countInEach(...counters: readonly Counter[]): Counter {
  const [first] = counters;
  if (first === undefined) throw new Error('countInEach needs a counter');
  return {
    name: first.name,
    help: first.help,
    get value() {
      return first.value;
    },
    inc(by = 1) {
      for (const counter of counters) counter.inc(by);
    },
  };
}

/**
 * Monotonic counters, exposed in the Prometheus text format at `GET /metrics`.
 * Counting is a property increment: cheap enough for the per-event path.
 */
export interface Counter {
  readonly name: string;
  readonly help: string;
  value: number;
  inc(by?: number): void;
}

export class Metrics {
  private readonly counters = new Map<string, Counter>();

  /** Returns the counter of that name, creating it on first use (names are fixed strings in code). */
  counter(name: string, help: string): Counter {
    let counter = this.counters.get(name);
    if (counter === undefined) {
      counter = {
        name,
        help,
        value: 0,
        inc(by = 1) {
          this.value += by;
        },
      };
      this.counters.set(name, counter);
    }
    return counter;
  }

  /** Current values by name, for tests and programmatic inspection. */
  snapshot(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const c of this.counters.values()) out[c.name] = c.value;
    return out;
  }

  renderPrometheus(): string {
    let text = '';
    for (const c of this.counters.values()) {
      text += `# HELP ${c.name} ${c.help}\n# TYPE ${c.name} counter\n${c.name} ${c.value}\n`;
    }
    return text;
  }
}

/**
 * Runs checks one at a time per key (a pack, a file), coalescing requests made
 * while one runs into a single re-run after it: typing ten characters during a
 * check costs one more check, not ten, and the last text is always checked.
 */
export class CheckQueue {
  private readonly running = new Map<string, Promise<void>>();
  private readonly again = new Map<string, () => Promise<void>>();

  constructor(private readonly onError: (error: unknown) => void) {}

  request(key: string, run: () => Promise<void>): void {
    if (this.running.has(key)) {
      this.again.set(key, run);
      return;
    }
    const done = run()
      .catch(this.onError)
      .finally(() => {
        this.running.delete(key);
        const next = this.again.get(key);
        if (next === undefined) return;
        this.again.delete(key);
        this.request(key, next);
      });
    this.running.set(key, done);
  }

  /** Resolves once no check is running or waiting (for shutdown). */
  async settle(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running.values());
  }
}

/** Blocks of text held before they are printed grouped by session, at most (memory bound). */
export const MAX_GROUPED_BLOCKS = 10_000;

/**
 * Groups output blocks by session for people to read, with bounded memory:
 * blocks are held per session (sessions in order of first appearance) and
 * printed when `maxBlocks` are held, and at the end. A session whose events
 * span a flush appears again, marked "(continued)".
 */
export class SessionGroups {
  private readonly groups = new Map<string, string[]>();
  private readonly printed = new Set<string>();
  private held = 0;

  constructor(
    private readonly print: (text: string) => void | Promise<void>,
    private readonly heading: (session: string, continued: boolean) => string,
    private readonly maxBlocks = MAX_GROUPED_BLOCKS,
  ) {}

  /** Returns a promise only when the blocks held were printed and the output asked to wait. */
  add(session: string, block: string): void | Promise<void> {
    let group = this.groups.get(session);
    if (group === undefined) this.groups.set(session, (group = []));
    group.push(block);
    if (++this.held >= this.maxBlocks) return this.flush();
  }

  async flush(): Promise<void> {
    for (const [session, blocks] of this.groups) {
      const continued = this.printed.has(session);
      // Only sessions still open can continue; the set is cleared with each flush to stay bounded.
      await this.print(this.heading(session, continued) + blocks.join(''));
    }
    this.printed.clear();
    for (const session of this.groups.keys()) this.printed.add(session);
    this.groups.clear();
    this.held = 0;
  }
}

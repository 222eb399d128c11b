/** An evaluation ran past its budget: the event gets the fail policy's answer instead (docs/operations.md). */
export class EvaluationBudgetExceededError extends Error {
  override readonly name = 'EvaluationBudgetExceededError';
}

/**
 * Ticks between two looks at the clock. A tick is the work of one simple step
 * (a rule, a leaf: around 10 ns); reading the clock costs about 50 ns, so
 * looking every 64 ticks adds under 1 ns per step.
 */
export const TICKS_PER_CHECK = 64;

/**
 * Characters of a value that a scanning operator (`regex`, `matches`,
 * `contains`) reads per tick charged: log2 of 1,024. A regex over 1 KiB takes
 * a few µs, far more than a simple step; charging it one tick keeps the
 * clock read at least every 64 KiB scanned, and before any scan of 64 KiB or more.
 */
const CHARS_PER_TICK_LOG2 = 10;

/** Values shorter than this charge no tick when scanned: `scan` of them changes nothing. */
export const FREE_SCAN_CHARS = 1 << CHARS_PER_TICK_LOG2;

/**
 * The time one event's evaluation may take, in ms. Evaluation is synchronous,
 * so it cannot be interrupted from outside: it counts its work itself, in
 * ticks charged before the work they stand for (rules, leaves, and scans by
 * the length of the value scanned), reads the clock every `TICKS_PER_CHECK`
 * ticks and between rulesets, and throws once past the deadline. What runs
 * past the deadline is then at most 64 ticks of work and the one step whose
 * charge led to the last look: a single scan of the largest value (a few ms
 * for a 256 KiB value) is never cut short.
 */
export class EvaluationBudget {
  private readonly deadline: number;
  private readonly ticksPerCheck: number;
  private untilCheck: number;

  /** `Infinity`: no budget; the clock is then never read. */
  constructor(readonly budgetMs: number) {
    const unlimited = budgetMs === Infinity;
    this.deadline = unlimited ? Infinity : performance.now() + budgetMs;
    this.ticksPerCheck = unlimited ? 2 ** 30 : TICKS_PER_CHECK;
    this.untilCheck = this.ticksPerCheck;
  }

  /** One simple step (a rule, a leaf), charged before it runs. */
  tick(): void {
    if (--this.untilCheck <= 0) this.check();
  }

  /** A scan of `chars` characters, charged before it runs (on top of its leaf's tick). */
  scan(chars: number): void {
    this.untilCheck -= chars >>> CHARS_PER_TICK_LOG2;
    if (this.untilCheck <= 0) this.check();
  }

  /** Reads the clock now (between rulesets, and when the ticks run out). */
  check(): void {
    this.untilCheck = this.ticksPerCheck;
    if (this.deadline !== Infinity && performance.now() > this.deadline)
      throw new EvaluationBudgetExceededError(
        `evaluation took longer than its budget of ${this.budgetMs} ms`,
      );
  }
}

/** The budget of evaluations given none (explanations, tests): counts, never reads the clock. */
export const NO_BUDGET = new EvaluationBudget(Infinity);

import type { SessionVariables } from '../../contract/types';
import { parseFiniteNumber } from '../operators';
import { NO_BUDGET, type EvaluationBudget } from './evaluation-budget';

/**
 * What compiled rules read for one event. Lookups are own-string checks
 * (decoded events hold only string values, and Object.prototype has no string
 * properties). Numbers are parsed at most once per variable per event.
 * Conditions charge their work to `budget` as they run (evaluation-budget.ts).
 */
export class EventView {
  /** Variables read as numbers so far; null: missing or not numeric (one lookup answers both). */
  private numbers: Map<string, number | null> | undefined;

  constructor(
    readonly variables: SessionVariables,
    /** The `changed` globs whose variables changed since the session's previous event; undefined: unknown. */
    readonly changed: ReadonlySet<string> | undefined = undefined,
    readonly budget: EvaluationBudget = NO_BUDGET,
  ) {}

  get(key: string): string | undefined {
    const value = this.variables[key];
    return typeof value === 'string' ? value : undefined;
  }

  /** The variable read as a finite number, or undefined when missing or not numeric. */
  number(key: string): number | undefined {
    this.numbers ??= new Map();
    const known = this.numbers.get(key);
    if (known !== undefined) return known === null ? undefined : known;
    const text = this.get(key);
    if (text !== undefined) this.budget.scan(text.length);
    const value = text === undefined ? undefined : parseFiniteNumber(text);
    this.numbers.set(key, value ?? null);
    return value;
  }
}

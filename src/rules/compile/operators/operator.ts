import type { EventView } from '../../evaluate/event-view';
import { parseFiniteNumber } from '../../operators';

/** A compiled leaf test: reads the variable `key` of the event and decides. */
export type LeafTest = (view: EventView, key: string) => boolean;

export interface CompileOperandContext {
  /** Resolves `{ list: NAME }` against the ruleset's `lists` (checked before compiling). */
  resolveList(name: string): readonly string[];
}

/**
 * One operator of the DSL: turns its operand into a test once, at load time.
 * Operands arrive validated by the schema and the checks; a bad one here is a bug.
 */
export interface OperatorDefinition {
  name: string;
  compile(operand: unknown, context: CompileOperandContext): LeafTest;
}

export function expectString(operator: string, operand: unknown): string {
  if (typeof operand !== 'string')
    throw new TypeError(`${operator}: operand must be a string after validation`);
  return operand;
}

export function expectNumber(operator: string, operand: unknown): number {
  const n =
    typeof operand === 'number'
      ? operand
      : typeof operand === 'string'
        ? parseFiniteNumber(operand)
        : undefined;
  if (n === undefined || !Number.isFinite(n))
    throw new TypeError(`${operator}: operand must be a finite number after validation`);
  return n;
}

export function resolveListOperand(
  operator: string,
  operand: unknown,
  context: CompileOperandContext,
): ReadonlySet<string> {
  if (Array.isArray(operand)) return new Set(operand.map((item) => expectString(operator, item)));
  if (
    typeof operand === 'object' &&
    operand !== null &&
    typeof (operand as { list?: unknown }).list === 'string'
  ) {
    return new Set(context.resolveList((operand as { list: string }).list));
  }
  throw new TypeError(`${operator}: operand must be a list or { list: NAME } after validation`);
}

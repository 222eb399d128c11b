import type { EventView } from '../event-view';
import { parseFiniteNumber } from '../../operators';

/** A compiled leaf test: reads the variable `key` of the event and decides. */
export type LeafTest = (view: EventView, key: string) => boolean;

export interface CompileOperandContext {
  /** Resolves `{ list: NAME }` against the ruleset's `lists` (checked before compiling). */
  resolveList(name: string): readonly string[];
}

/**
 * One operator of the DSL: `prepare` turns its operand into what `test` reads
 * (a number parsed, a list made searchable, a regex built) once, at load time;
 * `test` is one shared function per operator, so a compiled leaf is data (key,
 * operator, prepared operand) rather than a closure per leaf. Operands arrive
 * validated by the schema and the checks; a bad one here is a bug.
 */
export interface OperatorDefinition<Prepared = unknown> {
  name: string;
  prepare(operand: unknown, context: CompileOperandContext): Prepared;
  test(view: EventView, key: string, prepared: Prepared): boolean;
  /** `prepare` and `test` bound together, for callers that want one function. */
  compile(operand: unknown, context: CompileOperandContext): LeafTest;
}

export function defineOperator<Prepared>(
  definition: Omit<OperatorDefinition<Prepared>, 'compile'>,
): OperatorDefinition<Prepared> {
  return {
    ...definition,
    compile(operand, context) {
      const prepared = definition.prepare(operand, context);
      return (view, key) => definition.test(view, key, prepared);
    },
  };
}

/** A list operand: a small array (a short scan beats hashing) or, for longer lists, a Set. */
export type TextList = readonly string[] | ReadonlySet<string>;

/** Lists up to this length are scanned rather than hashed. */
const SCAN_LIMIT = 8;

export function listHas(list: TextList, value: string): boolean {
  if (!Array.isArray(list)) return (list as ReadonlySet<string>).has(value);
  // A plain loop rather than `includes` (the same for strings): the optimizer inlines it, not the builtin call.
  for (let i = 0; i < list.length; i++) if (list[i] === value) return true;
  return false;
}

function toTextList(items: readonly string[]): TextList {
  const unique = new Set(items);
  return unique.size <= SCAN_LIMIT ? [...unique] : unique;
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
): TextList {
  if (Array.isArray(operand)) return toTextList(operand.map((item) => expectString(operator, item)));
  if (
    typeof operand === 'object' &&
    operand !== null &&
    typeof (operand as { list?: unknown }).list === 'string'
  ) {
    return toTextList(context.resolveList((operand as { list: string }).list));
  }
  throw new TypeError(`${operator}: operand must be a list or { list: NAME } after validation`);
}

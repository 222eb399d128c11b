import type { SpecPath } from '../../rules/spec';

/**
 * Where a scenario file expects text: everywhere but `sent`, a node override's
 * `enable` and a response's `result_code`. A YAML number or boolean written
 * where text is expected is taken as its source text (`0.10` stays "0.10"),
 * as in rule files: session variables are text.
 */
export function isScenarioStringPosition(path: SpecPath): boolean {
  const last = path[path.length - 1];
  const previous = path[path.length - 2];
  if (last === 'sent') return previous !== 'expect';
  if (last === 'enable') return typeof previous !== 'number';
  if (last === 'result_code') return previous !== 'response' && previous !== 'exactly';
  return true;
}

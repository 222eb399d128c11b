import { formatCount } from '../terminal/format-count';

/**
 * Names for a message, comma-separated: at most `max` of them, then how many
 * more. A message repeated for each of thousands of mistakes must not carry
 * thousands of names each time.
 */
export function formatNameList(names: readonly string[], max = 12): string {
  if (names.length <= max) return names.join(', ');
  return `${names.slice(0, max).join(', ')} and ${formatCount(names.length - max)} more`;
}

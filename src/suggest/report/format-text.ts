import type { CounterExample } from '../prove/prove-candidates';
import type { SuggestedFilter } from '../suggest-filter';
import { describeSavings } from '../write/filter-file';
import { groupRejections } from './group-rejections';

/** What recordings cannot tell, said with every suggestion. */
export const RECORDINGS_LIMIT =
  'recordings show only the calls they hold: a call unlike them can still need what an entry stops';

/** The human report: entries with reasons and savings, dropped candidates with why, totals, limits. */
export function formatSuggestionText(result: SuggestedFilter, written: string | undefined): string {
  const lines: string[] = [
    `Proven on ${result.calls} calls (${result.events} events) of ${result.recordings.join(', ')}.`,
    '',
  ];
  if (result.entries.length === 0) lines.push('No filter entry to suggest.');
  else lines.push('Suggested filter:');
  for (const e of result.entries) {
    lines.push(`  ${e.list}: ${JSON.stringify(e.entry)}`);
    lines.push(`    why: ${e.reason}`);
    lines.push(`    saves: ${describeSavings(e.savings)}`);
  }
  if (result.dropped.length > 0) {
    lines.push('', 'Dropped (they change what the pack asks):');
    for (const d of result.dropped) {
      lines.push(`  ${d.list}: ${JSON.stringify(d.entry)} (${d.reason})`);
      lines.push(`    ${describeCounterExample(d.counterExample)}`);
    }
  }
  if (result.rejected.length > 0) {
    lines.push('', 'Not suggested (some rule needs what they would stop):');
    for (const r of groupRejections(result.rejected))
      lines.push(`  ${r.list}: ${r.entries.map((e) => JSON.stringify(e)).join(', ')}: ${r.reason}`);
  }
  if (result.firstAnswer.length > 0) {
    lines.push(
      '',
      `With the file in the pack, \`rulehook test\` sees its rule fire on the first event of a call. These tests`,
      'state that answer exactly (which rules fired, or the filter): add the rule to them, or use `contains`:',
    );
    for (const t of result.firstAnswer)
      lines.push(`  ${t.line === undefined ? t.file : `${t.file}:${t.line}`} '${t.test}'`);
  }
  lines.push('', `Total: ${result.entries.length === 0 ? 'nothing saved' : describeSavings(result.total)}.`);
  lines.push(`Note: ${RECORDINGS_LIMIT}.`);
  if (result.replaced.length > 0)
    lines.push(`Left out of the pack (written by suggest-filter, replaced): ${result.replaced.join(', ')}.`);
  if (written !== undefined) lines.push(`Wrote ${written}.`);
  return `${lines.join('\n')}\n`;
}

/** A counter-example in one line: the call and event, or the test, and what differed. */
export function describeCounterExample(example: CounterExample): string {
  if (example.kind === 'rules') return example.message;
  if (example.kind === 'test') return example.message;
  return (
    `call ${example.session}, event ${example.event} (#${example.seq}, ${example.file}:${example.line}): ` +
    example.message
  );
}

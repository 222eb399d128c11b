import type { CoverageReport, RuleCoverage } from '../coverage/coverage-report';

const where = (rule: RuleCoverage) =>
  rule.line === undefined ? rule.file : `${rule.file}:${rule.line}:${rule.col}`;

/**
 * Coverage for people: each rule with the number of events that fired it, the
 * rules never fired (with where they are written), and the outcomes of `if`
 * leaves that no test produced.
 */
export function formatCoverage(coverage: CoverageReport): string {
  const { outcomes } = coverage;
  const lines = [
    `Coverage: ${coverage.fired} of ${coverage.enabled} enabled rules fired; ${outcomes.seen} of ${outcomes.total} condition outcomes seen`,
  ];
  const width = Math.max(6, ...coverage.rules.map((r) => String(r.events).length));
  lines.push(`  ${'events'.padStart(width)}  rule`);
  for (const rule of coverage.rules) {
    const count = rule.enabled ? String(rule.events) : '-';
    const remark = !rule.enabled ? '  (disabled)' : rule.events === 0 ? '  never fired' : '';
    lines.push(`  ${count.padStart(width)}  ${rule.rule}${remark}${describeFiltered(rule)}`);
  }
  const never = coverage.rules.filter((r) => r.enabled && r.events === 0);
  if (never.length > 0) {
    lines.push('  never fired:');
    for (const rule of never) lines.push(`    ${rule.rule}  [${where(rule)}]`);
  }
  const unseen = coverage.rules.flatMap((rule) =>
    rule.enabled
      ? (rule.conditions ?? [])
          .filter((c) => c.true === 0 || c.false === 0)
          .map((c) => `    ${rule.rule} ${c.path} \`${c.condition}\`: ${describeUnseen(c.true, c.false)}`)
      : [],
  );
  if (unseen.length > 0) lines.push('  condition outcomes never seen:', ...unseen);
  if (coverage.filteredListened > 0)
    lines.push(
      `  ${plural(coverage.filteredListened, 'event')} that rules wait for ${coverage.filteredListened === 1 ? 'was' : 'were'} stopped by the filter`,
    );
  return `${lines.join('\n')}\n`;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** ` (2 events it waits for filtered)`, or '' when the filter stopped none. */
function describeFiltered(rule: RuleCoverage): string {
  return rule.enabled && rule.filtered > 0
    ? `  (${plural(rule.filtered, 'event')} it waits for filtered)`
    : '';
}

function describeUnseen(seenTrue: number, seenFalse: number): string {
  if (seenTrue === 0 && seenFalse === 0) return 'never evaluated';
  return seenTrue === 0 ? 'never true' : 'never false';
}

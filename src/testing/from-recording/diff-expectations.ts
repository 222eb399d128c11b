import { stringify } from 'yaml';
import { diffLines } from '../report/render-diff';
import type { ScenarioFileSpec, TestSpec } from '../scenario/scenario-spec';

/**
 * What `--update` changed in a written scenario file, for people: per test (by name) and per event (by
 * position), the expectations as YAML, as a line diff (`-` before, `+` after); tests added or gone. Empty
 * when nothing changed. `before` is the file as read (plain YAML data, maybe edited by hand).
 */
export function diffExpectations(before: unknown, after: ScenarioFileSpec): string[] {
  const old = new Map(readTests(before).map((t) => [t.name, t]));
  const out: string[] = [];
  const names = new Set<string>();
  for (const test of after.tests ?? []) {
    names.add(test.name);
    const previous = old.get(test.name);
    if (previous === undefined) {
      out.push(`+ ${test.name}: a new test (${test.events?.length ?? 0} events)`);
      continue;
    }
    const lines = diffTest(previous, test);
    if (lines.length > 0) out.push(test.name, ...lines);
  }
  for (const name of old.keys()) if (!names.has(name)) out.push(`- ${name}: no longer written`);
  return out;
}

function diffTest(before: TestSpec, after: TestSpec): string[] {
  const oldEvents = Array.isArray(before.events) ? before.events : [];
  const newEvents = after.events ?? [];
  const out: string[] = [];
  for (let i = 0; i < Math.max(oldEvents.length, newEvents.length); i++) {
    const was = oldEvents[i];
    const now = newEvents[i];
    const title = `  event ${i + 1} (${now?.event ?? was?.event})`;
    if (now === undefined) out.push(`${title}: no longer in the recording`);
    else if (was === undefined) out.push(`${title}: new in the recording`);
    else if (was.event !== now.event) out.push(`${title}: was ${was.event} (the recording changed)`);
    else {
      const oldText = renderExpectation(was.expect);
      const newText = renderExpectation(now.expect);
      if (oldText.join('\n') !== newText.join('\n'))
        out.push(title, ...keepContext(diffLines(oldText, newText)).map((line) => `    ${line}`));
    }
  }
  return out;
}

/** Lines around a change are kept (CONTEXT on each side); each run of others is one `...` line. */
const CONTEXT = 2;

function keepContext(lines: readonly string[]): string[] {
  const changed = lines.map((line) => !line.startsWith('  '));
  const near = (i: number) => changed.slice(Math.max(0, i - CONTEXT), i + CONTEXT + 1).some(Boolean);
  const out: string[] = [];
  lines.forEach((line, i) => {
    if (near(i)) out.push(line);
    else if (out.at(-1) !== '  ...') out.push('  ...');
  });
  return out;
}

function renderExpectation(expect: unknown): string[] {
  if (expect === undefined || expect === null) return ['(no expectation)'];
  return stringify(expect, { lineWidth: 0, flowCollectionPadding: true }).trimEnd().split('\n');
}

function readTests(file: unknown): TestSpec[] {
  const tests = (file as { tests?: unknown } | null)?.tests;
  if (!Array.isArray(tests)) return [];
  return tests.filter(
    (t): t is TestSpec => typeof t === 'object' && t !== null && typeof (t as TestSpec).name === 'string',
  );
}
